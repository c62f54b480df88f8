import { layout } from '../layout';
import type { RenderedMail } from '../types';
import { oneLine } from './format';

/** A notification of the bell as a mail (a new message, a saved search's matches, a price drop), with its link. */
export function notificationMail(m: {
  baseUrl: string;
  title: string;
  body: string;
  link: string;
  action: string;
}): RenderedMail {
  return layout({
    title: oneLine(m.title),
    paragraphs: [m.body, 'You can turn these mails off on your profile page.'].filter(Boolean),
    action: { label: m.action, url: `${m.baseUrl}${m.link}` },
    baseUrl: m.baseUrl,
  });
}
