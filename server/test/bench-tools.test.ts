import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuSlowdownFor, machineIndex } from '../../web/scripts/measure';
import { steadyLoad } from '../bench/lib/shop';

/** The benchmark's own measuring tools: a figure they get wrong is a target wrongly met. */
describe('steadyLoad (bench/lib/shop.ts)', () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** When each request reached the server (ms, performance.now()). */
  let arrivals: number[] = [];

  /** A server whose handler runs one request at a time, `ms` each (or all at once: `parallel`), and answers `status`. */
  async function serve(ms: number, status = 200, parallel = false) {
    arrivals = [];
    let queue = Promise.resolve();
    server = http.createServer((_req, res) => {
      arrivals.push(performance.now());
      const answer = async () => {
        await sleep(ms);
        res.writeHead(status).end('ok');
      };
      if (parallel) void answer();
      else queue = queue.then(answer);
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it('asks at the rate given, spread over the time given, and reports what a quick server answers', async () => {
    const url = await serve(0);
    const r = await steadyLoad(url, 100, 1);
    expect(r).toMatchObject({ rate: 100, requests: 100, failed: 0 });
    // Evenly spaced: the last request arrives about 0.99 s after the first, not all at once.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(900);
    // The median only: one pause of a busy machine (the test shares its cores) would move the p99.
    expect(r.p50).toBeLessThan(20);
  });

  it('does not wait for an answer before asking again (an open loop)', async () => {
    // 300 ms an answer, all handled at once: asking only after each answer would take 30 s for 100.
    const url = await serve(300, 200, true);
    const started = performance.now();
    const r = await steadyLoad(url, 100, 1);
    expect(r.requests).toBe(100);
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(r.p50).toBeGreaterThanOrEqual(295);
  });

  it('counts each latency from when its request was due, so a server that falls behind is charged the wait', async () => {
    // 20 ms a request, one at a time: 50 a second at most, asked for 100 a second over one second.
    // By the end the queue holds about 50 requests (a second of work), so the slowest wait ~1 s;
    // timed from when each was sent by a client that waits for answers, none would show it.
    const url = await serve(20);
    const r = await steadyLoad(url, 100, 1);
    expect(r.requests).toBe(100);
    expect(r.p99).toBeGreaterThan(700);
    expect(r.p50).toBeGreaterThan(200);
  });

  it('counts answers other than 200 as failed, not as latencies', async () => {
    const url = await serve(0, 500);
    const r = await steadyLoad(url, 50, 0.4);
    expect(r).toMatchObject({ requests: 0, failed: 20 });
  });
});

describe('a Lighthouse run standing for a slower machine (web/scripts/measure.ts)', () => {
  it('scales the 4x CPU slowdown by how much faster this machine is, never below 4x', () => {
    expect(cpuSlowdownFor(2300, 1150)).toBe(8);
    expect(cpuSlowdownFor(1725, 1150)).toBe(6);
    expect(cpuSlowdownFor(1000, 1150)).toBe(4);
    expect(cpuSlowdownFor(Number.NaN, 1150)).toBe(4);
  });

  it("takes this machine's speed as the median of its readings, leaving out a fresh browser's first", () => {
    const machine = machineIndex();
    machine.add(900);
    expect(machine.value).toBeUndefined();
    machine.add(2300);
    machine.add(undefined);
    expect(machine.value).toBe(2300);
    machine.add(1500);
    machine.add(2400);
    expect(machine.value).toBe(2300);
  });

  it('runs at 4x unless standing for a slower machine, and then refuses without a reading of this one', async () => {
    expect(machineIndex().slowdown()).toBe(4);
    const machine = machineIndex(1150);
    expect(() => machine.slowdown()).toThrow(/no benchmarkIndex/);
    const readings = [900, 2300, 1000];
    await machine.calibrate(async () => readings.shift());
    expect(readings).toEqual([1000]);
    expect(machine.slowdown()).toBe(8);
    // Calibrated once: later calls run nothing.
    await machine.calibrate(async () => readings.shift());
    expect(readings).toEqual([1000]);
  });
});
