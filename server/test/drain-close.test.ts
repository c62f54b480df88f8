/**
 * Closing the app does not wait for a client's keep-alive: a connection whose answer ends after
 * closing began is ended once the answer is out (lib/drain.ts), not kept for the 72 s the answer
 * announced. A photo streamed from disk could still be waiting on its last read as a test (or a
 * rolling restart without a proxy) closed the app, which then took 72 s. Ending it never cuts off
 * another answer still being sent.
 */
import net, { type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createDrain, registerDrain } from '../src/lib/drain';

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

/** A keep-alive HTTP/1.1 GET over a raw socket: what arrives, and when the server closed the connection. */
function rawGet(port: number, path: string) {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (d: Buffer) => chunks.push(d));
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: shop.test\r\nConnection: keep-alive\r\n\r\n`);
  return { socket, closed, text: () => Buffer.concat(chunks).toString('latin1') };
}

const BIG = 8 * 1024 * 1024;

async function appWithHeldAnswers() {
  const app = Fastify();
  registerDrain(app, createDrain());
  const slow = { release: gate(), arrived: gate() };
  const big = { release: gate(), arrived: gate() };
  app.get('/slow', async () => {
    slow.arrived.open();
    await slow.release.opened;
    return { ok: true };
  });
  app.get('/big', async (_request, reply) => {
    big.arrived.open();
    await big.release.opened;
    return reply.type('application/octet-stream').send(Buffer.alloc(BIG, 97));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, slow, big };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('closing the app', () => {
  it('ends a keep-alive connection whose answer ends after closing began, and the answer is whole', async () => {
    const { app, port, slow } = await appWithHeldAnswers();
    const client = rawGet(port, '/slow');
    await slow.arrived.opened;
    const closed = app.close();
    // Closing has begun (its preClose hooks ran) while the answer is still being made.
    await sleep(100);
    expect(app.server.listening).toBe(false);
    slow.release.open();
    await closed;
    await client.closed;
    expect(client.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.text()).toMatch(/connection: keep-alive/i);
    expect(client.text().endsWith('{"ok":true}')).toBe(true);
  }, 15_000);

  it('does not cut off a slow download when another answer ends meanwhile', async () => {
    const { app, port, slow, big } = await appWithHeldAnswers();
    const download = rawGet(port, '/big');
    const other = rawGet(port, '/slow');
    await Promise.all([big.arrived.opened, slow.arrived.opened]);
    // The downloader reads nothing for now: most of its answer stays buffered in the server.
    download.socket.pause();
    const closed = app.close();
    await sleep(100);
    big.release.open();
    await sleep(200);
    slow.release.open();
    await other.closed;
    await sleep(200);
    download.socket.resume();
    await download.closed;
    await closed;
    const text = download.text();
    const body = text.slice(text.indexOf('\r\n\r\n') + 4);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(body.length).toBe(BIG);
  }, 15_000);
});
