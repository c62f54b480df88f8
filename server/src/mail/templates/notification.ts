import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { oneLine } from './format';

/**
 * A notification of the bell as a mail (a new message, a saved search's matches, a price drop), with its
 * link. `bodyBy` says the body is another person's words (a message): it is then quoted as theirs.
 */
export function notificationMail(m: {
  baseUrl: string;
  title: string;
  body: string;
  bodyBy?: string;
  link: string;
  action: string;
}): RenderedMail {
  const body = m.body && m.bodyBy ? { by: m.bodyBy, lines: [{ text: m.body }] } : m.body;
  return layout({
    title: oneLine(m.title),
    paragraphs: [body, 'You can turn these mails off on your profile page.'].filter((p) => !!p),
    action: { label: m.action, url: `${m.baseUrl}${m.link}` },
    baseUrl: m.baseUrl,
  });
}
