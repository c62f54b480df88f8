import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { findLinks } from '../../src/mail/links';

/** A mail as a reader sees it: both parts decoded, and the links of the text part. */
export type ReceivedMail = {
  /** The envelope's recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  headers: Map<string, string>;
};

export type Mailbox = {
  port: number;
  /** The SMTP_URL that points the app here (with the credentials when the mailbox asks for them). */
  url: string;
  /** Every mail received so far, oldest first. */
  all(): ReceivedMail[];
  /**
   * The oldest mail to `to` (and whose subject contains `subject`) that no earlier `waitFor` returned,
   * waiting up to `timeoutMs` for it to arrive.
   */
  waitFor(to: string, match?: { subject?: string | RegExp }, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/**
 * A real SMTP server for tests, on a free port (or `port`, e.g. to bring a mail server "back up" where
 * the app already points). Plain SMTP without STARTTLS; with `auth`, AUTH PLAIN/LOGIN is required and
 * checked, otherwise optional.
 */
export async function startMailbox(opts: { port?: number; auth?: { user: string; pass: string } } = {}): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const { auth } = opts;

  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !auth,
    allowInsecureAuth: true,
    onAuth(attempt, _session, callback) {
      if (auth && attempt.username === auth.user && attempt.password === auth.pass) callback(null, { user: attempt.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          received.push(parseMail(Buffer.concat(chunks).toString('latin1'), to, from));
          for (const wake of waiters) wake();
          callback();
        } catch (err) {
          callback(err instanceof Error ? err : new Error(String(err)));
        }
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    // Before listening, an error (the port in use) fails the start; after it, a client's broken
    // connection must not crash the test process, and is left to the client to notice.
    let listening = false;
    server.on('error', (err) => {
      if (!listening) reject(err);
    });
    const socket = server.listen(opts.port ?? 0, '127.0.0.1', () => {
      listening = true;
      resolve((socket.address() as AddressInfo).port);
    });
  });
  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@` : '';

  function take(to: string, subject: string | RegExp | undefined): ReceivedMail | undefined {
    const mail = received.find(
      (m) =>
        !taken.has(m) &&
        m.to.includes(to.toLowerCase()) &&
        (subject === undefined || (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject))),
    );
    if (mail) taken.add(mail);
    return mail;
  }

  return {
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    all: () => [...received],
    waitFor(to, match = {}, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = take(to, match.subject);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
          reject(
            new Error(
              `no mail to ${to}${match.subject ? ` about ${match.subject}` : ''} within ${timeoutMs} ms (received: ${seen})`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Part = { headers: Map<string, string>; body: string };

/** Splits a raw message (or MIME part) into its unfolded headers (names lower-cased) and body. */
function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header's parameter, e.g. `boundary` of a Content-Type. */
function param(header: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return m ? (m[1] ?? m[2]) : undefined;
}

function charsetDecode(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** Bytes of a quoted-printable body (soft line breaks removed, =XX decoded). */
function quotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = param(part.headers.get('content-type') ?? '', 'charset');
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintable(part.body)
        : Buffer.from(part.body, 'latin1');
  return charsetDecode(bytes, charset).replace(/\r\n/g, '\n');
}

/** Decodes RFC 2047 encoded words (=?utf-8?Q?…?= and =?utf-8?B?…?=) of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, kind: string, data: string) => {
      const bytes = kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : quotedPrintable(data.replace(/_/g, ' '));
      return charsetDecode(bytes, charset);
    });
}

/** The text/plain and text/html leaves of a part, through nested multiparts. */
function leaves(part: Part, found: { text?: string; html?: string }) {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const mime = (type.split(';')[0] ?? '').trim().toLowerCase();
  if (mime.startsWith('multipart/')) {
    const boundary = param(type, 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    // The preamble comes before the first boundary and the epilogue after the closing `--boundary--`.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      leaves(splitPart(section.replace(/^[ \t]*\n/, '').replace(/\n$/, '')), found);
    }
  } else if (mime === 'text/plain' && found.text === undefined) found.text = decodeBody(part);
  else if (mime === 'text/html' && found.html === undefined) found.html = decodeBody(part);
}

function parseMail(raw: string, to: string[], from: string): ReceivedMail {
  const root = splitPart(raw);
  const found: { text?: string; html?: string } = {};
  leaves(root, found);
  const text = found.text ?? '';
  return {
    to,
    from,
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text,
    html: found.html ?? '',
    links: findLinks(text),
    headers: root.headers,
  };
}
