import net, { type Socket } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance is shutting down, and what to tell when it begins (lib/drain.ts). */
    drain: Drain;
  }
}

type Drain = ReturnType<typeof createDrain>;

/**
 * The shutting-down state of one instance. While draining, /api/ready answers 503 (a balancer that
 * polls it sends no one new), every answer closes its connection after itself (a proxy does not keep
 * reusing it), and `onDrain` listeners are told once (an event stream ends itself with a retry hint,
 * so the browser reconnects through the proxy to another instance).
 */
export function createDrain() {
  let draining = false;
  const listeners = new Set<() => void>();
  return {
    get draining() {
      return draining;
    },
    /** Calls `fn` when draining begins (at once if it has); answers a function that unsubscribes. */
    onDrain(fn: () => void): () => void {
      if (draining) {
        fn();
        return () => {};
      }
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    start() {
      if (draining) return;
      draining = true;
      for (const fn of listeners) {
        try {
          fn();
        } catch {
          /* a listener's failure must not stop the drain */
        }
      }
      listeners.clear();
    },
  };
}

export function registerDrain(app: FastifyInstance, drain: Drain) {
  app.decorate('drain', drain);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (drain.draining) reply.header('connection', 'close');
    return payload;
  });
  // Connections that never carried a request (an HTTP client's spare one: Node's fetch opens one
  // after an event stream that said Connection: close; a browser's preconnect): Node counts them as
  // busy until its headersTimeout (60 s), so closing would wait for them. They hold nothing to
  // finish: ended as the app closes (after the drain, which waits for young ones, see below).
  const unused = new Map<Socket, number>();
  unusedOf.set(app, unused);
  const sockets = new Set<Socket>();
  socketsOf.set(app, sockets);
  app.server.on('connection', (socket: Socket) => {
    unused.set(socket, Date.now());
    sockets.add(socket);
    socket.once('close', () => {
      unused.delete(socket);
      sockets.delete(socket);
    });
  });
  // A response still being written as the app closes (a photo's stream waiting on its last read)
  // leaves its keep-alive connection open once it ends: Node closes idle connections only as closing
  // begins, the client keeps the connection for the keep-alive timeout the answer announced (72 s),
  // and closing waits that long. Once closing, the connection of each answer that ends is ended after
  // it: socket.end() sends what is still buffered first (closeIdleConnections() would destroy every
  // connection whose answer has ended, a slow download's unsent bytes too), unless a next request
  // has already come in on it.
  let closing = false;
  const answering = new WeakMap<Socket, ServerResponse>();
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    unused.delete(socket);
    answering.set(socket, res);
    res.once('finish', () => {
      if (answering.get(socket) === res) answering.delete(socket);
      if (closing)
        setImmediate(() => {
          if (!answering.has(socket)) socket.end();
        });
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of unused.keys()) if (socket.bytesRead === 0) socket.destroy();
  });
}

/** Each app's connections that have not carried a request yet, and when they opened (registerDrain). */
const unusedOf = new WeakMap<FastifyInstance, Map<Socket, number>>();
/** Each app's open connections (registerDrain): the drain's warning names their peers. */
const socketsOf = new WeakMap<FastifyInstance, Set<Socket>>();
/** How long a new connection may take to bring its request: until then the drain waits for it. */
const FIRST_REQUEST_MS = 1000;

/**
 * The app's open connections, but for those that opened over FIRST_REQUEST_MS ago and never carried
 * a request (nothing to wait for; a proxy sends its request as it connects).
 */
const openConnections = (app: FastifyInstance) =>
  new Promise<number>((resolve) =>
    (app.server as Server).getConnections((err, n) => {
      const idleSince = Date.now() - FIRST_REQUEST_MS;
      const unusedOld = [...(unusedOf.get(app) ?? [])].filter(([s, at]) => s.bytesRead === 0 && at < idleSince).length;
      resolve(err ? 0 : n - unusedOld);
    }),
  );

/**
 * Stops an instance without failing a request: drain (above), stop accepting connections, let the
 * open ones end (idle keep-alive connections of the proxy are closed by the proxy after its upstream
 * keepalive_timeout; busy ones close after their answer), then close the app (its in-flight requests
 * finish, jobs stop) and the database.
 *
 * Only the proxy may close an idle keep-alive connection safely: this side closing one races with a
 * request the proxy is writing into it. So the wait is for every connection to be gone, `idleMs` at
 * most (DRAIN_IDLE_MS: a cap well above nginx's 2 s, for a busy machine whose nginx closes them
 * late); it ends as soon as they are, ~2 s after the signal. Connections still open at the cap are
 * logged (a proxy keeping them longer than the shop waits is a misconfiguration).
 *
 * The listening socket is closed with net.Server's close, not http.Server's: the latter also cuts the
 * idle keep-alive connections at once, and a proxy may be writing a request into one of them at that
 * moment, which it could not safely retry elsewhere if it is a POST. A connection refused, on the
 * other hand, is retried by the proxy on another instance for any method (nothing was sent).
 */
export async function drainAndClose(app: FastifyInstance, opts: { idleMs: number; close: () => Promise<void> }) {
  app.drain.start();
  if (app.server.listening) net.Server.prototype.close.call(app.server);
  const until = Date.now() + opts.idleMs;
  let open = await openConnections(app);
  while (open > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    open = await openConnections(app);
  }
  if (open > 0)
    app.log.warn(
      {
        openConnections: open,
        idleMs: opts.idleMs,
        // Whose they are (match remotePort with the requests' log lines): a proxy's, or a client's own.
        peers: [...(socketsOf.get(app) ?? [])].slice(0, 20).map((s) => `${s.remoteAddress}:${s.remotePort}`),
      },
      'drain: connections still open after DRAIN_IDLE_MS; the idle ones are closed now (is the proxy keeping them longer?)',
    );
  else app.log.info({ drainMs: opts.idleMs - (until - Date.now()) }, 'drained; closing');
  await app.close();
  await opts.close();
}

/**
 * SIGTERM / SIGINT (or an uncaught error): drain and close within `graceMs`, then exit; past it, or
 * on a second signal, exit at once (close-with-grace).
 */
export function closeGracefully(app: FastifyInstance, opts: { graceMs: number; idleMs: number; close: () => Promise<void> }) {
  closeWithGrace({ delay: opts.graceMs, logger: { error: (m: unknown) => app.log.error(m) } }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an uncaught error');
    else app.log.info({ signal, graceMs: opts.graceMs }, 'draining: no new connections, finishing the open ones');
    await drainAndClose(app, opts);
  });
}
