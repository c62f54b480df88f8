import fs from 'node:fs';
import pino from 'pino';

/** Where log lines go: a file descriptor (1: stdout) or a file's path (made 0600). */
export type LogTarget = number | string;

/** sonic-boom's largest write (16 KB): what is handed to it is cut into pieces of about that many characters, at line ends. */
const PIECE = 16 * 1024;

/** How long an exiting process waits on a full non-blocking pipe before it gives up its last lines. */
const EXIT_WAIT_MS = 2000;
/** When the process began to exit, the time its log writes stop waiting on a full pipe (0: not exiting). */
let exitDeadline = 0;
/** sonic-boom's answer to a full pipe (EAGAIN): wait and retry, until the exit's deadline has passed. */
const retryEAGAIN = () => exitDeadline === 0 || Date.now() < exitDeadline;

/** The destinations holding lines not yet handed over, each with what it does if the process exits now. */
const atExit = new Set<() => void>();
// First among the exit handlers: before sonic-boom's own (pino registers it with process.on when a
// destination is made, after this module is loaded).
process.prependListener('exit', () => {
  exitDeadline = Date.now() + EXIT_WAIT_MS;
  for (const fn of atExit) fn();
});

/**
 * The log's writer (Fastify's logger, pino): pino's own destination, sonic-boom, writing
 * asynchronously as pino does on stdout when given no stream, but handed the lines of one turn of
 * the event loop together instead of one call per line. sonic-boom measures the byte length of the
 * chunk it appends a line to on every call (up to 16 KB of lines waiting while a write is under way,
 * the case of a busy server): on a product list at full load that was ~25 us of the server's CPU
 * per request (docs/decisions/085).
 *
 * As the process exits (`process.exit`, an uncaught error, the end of a graceful shutdown) the lines
 * not yet handed over are written synchronously after what sonic-boom holds, which it writes then
 * too. As with pino's default, the write sonic-boom has under way at that moment (one piece, ~16 KB
 * of text) may come out after them, cut, or not at all, since the process does not wait for it; a
 * `kill -9` loses whatever was not yet written. On a full non-blocking pipe (a log reader that stopped
 * reading) both give up after EXIT_WAIT_MS instead of holding the exit up; a blocking one holds it.
 */
export function logDestination(target: LogTarget = 1): { write(line: string): void } {
  // A file is opened here, not by sonic-boom (which opens it asynchronously and, until then, could
  // not write what it holds at exit).
  const fd = typeof target === 'number' ? target : fs.openSync(target, 'a', 0o600);
  const sonic = pino.destination({ fd, sync: false, retryEAGAIN });
  let lines: string[] = [];
  let scheduled = false;
  const handOver = () => {
    scheduled = false;
    atExit.delete(exiting);
    let piece = '';
    for (const line of lines) {
      if (piece && piece.length + line.length > PIECE) {
        sonic.write(piece);
        piece = '';
      }
      piece += line;
    }
    lines = [];
    if (piece) sonic.write(piece);
  };
  function exiting() {
    const text = lines.join('');
    lines = [];
    try {
      sonic.flushSync();
    } catch {
      // Ended, or a full pipe past the deadline: what it held is lost, and so are these lines. Destroyed,
      // it is skipped by pino's own exit handler, which would otherwise throw the same.
      sonic.destroy();
      return;
    }
    // After what sonic-boom held, through a synchronous sonic-boom on the same descriptor (its write
    // loop: partial writes, a full pipe until the deadline). A failure (the pipe still full at the
    // deadline) is an 'error' event that pino's own listener passes on for anything but EPIPE: heard
    // here, the rest of the lines are given up, as documented, instead of an error thrown at exit.
    const last = pino.destination({ fd, sync: true, retryEAGAIN });
    last.on('error', () => {});
    last.write(text);
  }
  return {
    write(line) {
      lines.push(line);
      if (scheduled) return;
      scheduled = true;
      atExit.add(exiting);
      setImmediate(handOver);
    },
  };
}
