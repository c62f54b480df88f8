/**
 * Closing the app does not wait for a client's keep-alive: a connection whose answer ends after
 * closing began is closed once the answer is out (lib/drain.ts), not kept for the 72 s the answer
 * announced. A photo streamed from disk could still be waiting on its last read as a test (or a
 * rolling restart without a proxy) closed the app, which then took 72 s.
 */
import net, { type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createDrain, registerDrain } from '../src/lib/drain';

describe('closing the app', () => {
  it('closes a keep-alive connection whose answer ends after closing began, and the answer is whole', async () => {
    const app = Fastify();
    registerDrain(app, createDrain());
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let arrived = () => {};
    const inHandler = new Promise<void>((r) => {
      arrived = r;
    });
    app.get('/slow', async () => {
      arrived();
      await held;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (d: string) => {
      received += d;
    });
    const socketClosed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.write('GET /slow HTTP/1.1\r\nHost: shop.test\r\nConnection: keep-alive\r\n\r\n');
    await inHandler;

    const closed = app.close();
    // Closing has begun (its preClose hooks ran) while the answer is still being made.
    await new Promise((r) => setTimeout(r, 100));
    expect(app.server.listening).toBe(false);
    release();
    await closed;
    await socketClosed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toMatch(/connection: keep-alive/i);
    expect(received.endsWith('{"ok":true}')).toBe(true);
  }, 15_000);
});
