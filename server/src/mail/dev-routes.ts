import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@shop/contract';
import { isLoopback } from '../lib/security';
import { escapeHtml } from './layout';
import { findLinks, splitLinks } from './links';
import type { AppMailer } from './mailer';

const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
});

const query = z.object({ to: z.string().max(320, 'must be at most 320 characters').optional() });

const noOutbox = {
  error: 'not_found',
  message: 'This server sends its mail over SMTP (SMTP_URL), so it has no development outbox.',
};

const notHere = {
  error: 'not_found',
  message: 'The development outbox is shown only on the machine the shop runs on (open it from there).',
};

/**
 * Why the outbox is not shown to this request, if it is not: the server sends real mail, or the
 * caller is not on this machine. It holds sign-up and password-reset links, so even a server opened to
 * the network (HOST) shows it only to loopback (request.ip: the client behind a trusted proxy).
 */
function refusal(mailer: AppMailer, request: FastifyRequest) {
  if (!mailer.devOutbox) return noOutbox;
  if (!isLoopback(request.ip)) return notHere;
  return null;
}

const PAGE_STYLE = `
body{font-family:system-ui,Arial,sans-serif;margin:0;background:#f3f4f6;color:#111827}
main{max-width:860px;margin:0 auto;padding:24px 16px}
h1{font-size:24px;margin:0 0 8px}
article{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:16px 0}
h2{font-size:18px;margin:0 0 8px;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 12px;font-size:14px}
dt{color:#4b5563}dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f9fafb;border:1px solid #e5e7eb;border-radius:6px;padding:12px;font-size:14px}
a{color:#1d4ed8}
form{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
input{padding:6px 8px;font-size:14px;min-width:260px}
`;

/** The text part as HTML: escaped, its links clickable. */
function textWithLinks(text: string): string {
  return splitLinks(text)
    .map((s) => ('link' in s ? `<a href="${escapeHtml(s.link)}">${escapeHtml(s.link)}</a>` : escapeHtml(s.text)))
    .join('');
}

function page(mails: Awaited<ReturnType<AppMailer['listDevOutbox']>>, to: string | undefined, shopName: string): string {
  const items = mails
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Kind</dt><dd>${escapeHtml(m.kind)}</dd>
<dt>Queued</dt><dd><time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></dd>
</dl>
<pre>${textWithLinks(m.text)}</pre>
<p><a href="/dev/mail/${encodeURIComponent(m.id)}">See the HTML part as the reader sees it</a></p>
</article>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox - ${escapeHtml(shopName)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Development outbox</h1>
<p>The mail this server would have sent, newest first. It sends none: SMTP_URL is not set. As JSON: <a href="/api/dev/mail">/api/dev/mail</a>.</p>
<form method="get" action="/dev/mail">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}">
<button type="submit">Show</button>
${to ? '<a href="/dev/mail">Show all</a>' : ''}
</form>
${items || `<p>No mail${to ? ` to ${escapeHtml(to)}` : ''} yet.</p>`}
</main>
</body>
</html>
`;
}

/**
 * The development outbox, where mail goes when no SMTP server is configured outside production: as
 * JSON at /api/dev/mail and as a page at /dev/mail (newest first, `?to=` for one address), and each
 * mail's HTML part at /dev/mail/:id. All are 404 when the server sends mail over SMTP, and to any
 * caller not on this machine.
 */
export const devMailRoutes: FastifyPluginAsyncZod<{ mailer: AppMailer }> = async (app, { mailer }) => {
  app.get(
    '/api/dev/mail',
    {
      schema: {
        hide: true,
        querystring: query,
        response: { 200: z.array(devMailSchema), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const refused = refusal(mailer, request);
      if (refused) return reply.code(404).send(refused);
      const mails = await mailer.listDevOutbox(request.query.to || undefined);
      return mails.map((m) => ({ ...m, links: findLinks(m.text), createdAt: m.createdAt.toISOString() }));
    },
  );

  app.get('/dev/mail', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const refused = refusal(mailer, request);
    if (refused) return reply.code(404).send(refused);
    const to = request.query.to || undefined;
    const mails = await mailer.listDevOutbox(to);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(mails, to, mailer.shopName));
  });

  app.get(
    '/dev/mail/:id',
    { schema: { hide: true, params: z.object({ id: z.uuid({ message: 'must be a mail id (UUID)' }) }) } },
    async (request, reply) => {
      const refused = refusal(mailer, request);
      if (refused) return reply.code(404).send(refused);
      const mail = await mailer.devOutboxMail(request.params.id);
      if (!mail) return reply.code(404).send({ error: 'not_found', message: 'No such mail in the development outbox.' });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(mail.html);
    },
  );
};
