import net from 'node:net';

/**
 * A port no one listens on right now, for a server that must know its address before it listens.
 * Free of vitest, so the fuzzer, the soak and the cluster harness (plain processes) use it too.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
