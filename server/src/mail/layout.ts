import { paths } from '@shop/contract/web-paths';
import type { RenderedMail } from './types';

/**
 * Where the shop's name goes in a mail: the mailer writes SHOP_NAME in as it queues the mail
 * (`withShopName`), so no template and none of their callers needs it. A NUL character cannot come
 * from anyone's input (lib/input-guard.ts refuses it), so nothing a person typed can ask for it.
 */
export const SHOP_NAME = '\u0000shop-name\u0000';

/** Where a signed-in user chooses which mails they get (the web app's profile page). */
const SETTINGS_PATH = paths.dashboard.profile.getHref();

/**
 * Words another person typed (a buyer's meeting place, a message), shown as theirs and not the shop's:
 * `by` introduces them ("The buyer wrote:"); each line's text is set in curly quotes, after its label
 * if it has one, inside a quote block (`> ` lines in the text part, a blockquote in the HTML part,
 * escaped like every paragraph).
 */
type Quoted = { by: string; lines: { label?: string; text: string }[] };

type LayoutInput = {
  /** The subject, and the heading of the mail. */
  title: string;
  /** Plain text, one paragraph each, or another person's words (Quoted); escaped in the HTML part. */
  paragraphs: (string | Quoted)[];
  /** The one thing the mail asks the reader to do: a button in HTML, the bare link in text. */
  action?: { label: string; url: string };
  /** Why the reader got this mail; a sentence naming the account is used when absent. */
  footer?: string;
  /**
   * The shop's address (BASE_URL), for the mail settings link in the footer. When absent it is taken
   * from the action's link; with neither, the footer names the page without a link.
   */
  baseUrl?: string;
};

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A rendered mail with the shop's name written where the layout left its place (SHOP_NAME), escaped in the HTML part. */
export function withShopName<M extends RenderedMail>(mail: M, shopName: string): M {
  const put = (s: string, name: string) => s.replaceAll(SHOP_NAME, name);
  return {
    ...mail,
    subject: put(mail.subject, shopName),
    text: put(mail.text, shopName),
    html: put(mail.html, escapeHtml(shopName)),
  };
}

/** One line of a person's words: their text in curly quotes, line breaks made spaces, after its label. */
const quoteLine = ({ label, text }: { label?: string; text: string }) =>
  `${label ? `${label}: ` : ''}“${text.replace(/\s+/g, ' ').trim()}”`;

function settingsUrl(input: LayoutInput): string | undefined {
  const base = input.baseUrl ?? input.action?.url;
  if (!base) return undefined;
  try {
    const url = new URL(base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return input.baseUrl ? `${base.replace(/\/$/, '')}${SETTINGS_PATH}` : `${url.origin}${SETTINGS_PATH}`;
  } catch {
    return undefined;
  }
}

const font = 'font-family:Arial,Helvetica,sans-serif;';

/**
 * Every mail of the shop in one frame: the shop's name at the top, the title, the paragraphs, at most
 * one action, and a footer saying why the reader got it and where to change their mail settings.
 * Both parts carry the same words; the HTML part uses inline styles only (mail clients drop <style>).
 */
export function layout(input: LayoutInput): RenderedMail {
  const { title, paragraphs, action } = input;
  const why = input.footer ?? `You are getting this mail because you have an account at ${SHOP_NAME}.`;
  const settings = settingsUrl(input);
  const settingsText = settings
    ? `Choose which mails you get on your profile page: ${settings}`
    : 'Choose which mails you get on your profile page (Dashboard, then Profile).';

  const text = [
    SHOP_NAME,
    '',
    title,
    '',
    ...paragraphs.flatMap((p) => (typeof p === 'string' ? [p, ''] : [p.by, ...p.lines.map((l) => `> ${quoteLine(l)}`), ''])),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    '-- ',
    why,
    settingsText,
    SHOP_NAME,
    '',
  ].join('\n');

  const para = (s: string) =>
    `<p style="${font}font-size:16px;line-height:1.5;color:#1f2937;margin:0 0 16px;">${escapeHtml(s)}</p>`;
  const p = (x: string | Quoted) =>
    typeof x === 'string'
      ? para(x)
      : `<p style="${font}font-size:16px;line-height:1.5;color:#1f2937;margin:0 0 8px;">${escapeHtml(x.by)}</p>\n` +
        `<blockquote style="${font}font-size:16px;line-height:1.5;color:#374151;margin:0 0 16px;padding:8px 16px;border-left:4px solid #d1d5db;background:#f9fafb;">` +
        x.lines.map((l) => escapeHtml(quoteLine(l))).join('<br>') +
        '</blockquote>';
  const button = action
    ? `<p style="margin:24px 0;"><a href="${escapeHtml(action.url)}" style="${font}display:inline-block;background:#1d4ed8;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:6px;">${escapeHtml(action.label)}</a></p>` +
      `<p style="${font}font-size:13px;line-height:1.5;color:#4b5563;margin:0 0 16px;">If the button does not work, open this link: <a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(action.url)}</a></p>`
    : '';
  const settingsHtml = settings
    ? `Choose which mails you get on <a href="${escapeHtml(settings)}" style="color:#374151;">your profile page</a>.`
    : escapeHtml(settingsText);
  const small = `${font}font-size:13px;line-height:1.5;color:#4b5563;margin:0 0 8px;`;

  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e5e7eb;${font}font-size:18px;font-weight:bold;color:#111827;">${SHOP_NAME}</td></tr>
<tr><td style="padding:24px;">
<h1 style="${font}font-size:22px;line-height:1.3;color:#111827;margin:0 0 16px;">${escapeHtml(title)}</h1>
${paragraphs.map(p).join('\n')}
${button}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;">
<p style="${small}">${escapeHtml(why)}</p>
<p style="${small}">${settingsHtml}</p>
<p style="${small}">${SHOP_NAME}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: title, text, html };
}
