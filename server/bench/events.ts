/**
 * `npm run bench -- --only events`: live events on PostgreSQL, one server instance.
 *
 * 1. A catalog of 100k products in its own database (shop_bench_events on BENCH_PG_URL's server,
 *    loaded once), the real shop in a child process (production settings, as the catalog bench).
 * 2. The first page of /api/allproducts with autocannon (50 connections) without any event stream:
 *    p50/p99 and req/s.
 * 3. 1,000 event streams opened (GET /api/events) by 100 signed-in people, 10 tabs each; the
 *    server's memory (RSS, from /proc) before and after gives the memory per open stream.
 * 4. The same list call with the 1,000 streams open (the rise of its p99 is the cost of holding them).
 * 5. Message delivery: buyers send messages to sellers who hold streams (500 messages, 50 a second,
 *    up to 20 in flight); the time from sending the POST to the message event arriving on the
 *    seller's stream, p50/p99.
 * Steps 2 and 4 alternate (streams closed and opened again), best p99 of two runs each.
 * Results are printed and written to results/tmp/events-<date>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDbUrl, ensureCatalog, log, pct, productionEnv, rssKb, startShop, tmpDir } from './lib/shop';

const DB = 'shop_bench_events';
const PRODUCTS = 100_000;
const PEOPLE = 100;
const TABS = 10;
const MESSAGES = 500;
const CONCURRENT = 20;
/** Messages a second in all (paced): a busy shop's chat, not a flood. */
const RATE = 50;
/** List measurements with and without streams alternate, best of this many each (other work on a shared machine only slows a run). */
const ROUNDS = 2;

const dbUrl = () => benchDbUrl(DB);

/** A signed-in person of the bench: their session cookie. */
async function signUp(base: string, i: number): Promise<{ cookie: string; id: string }> {
  const email = `events-${Date.now().toString(36)}-${i}@bench.test`;
  const headers = { 'content-type': 'application/json', origin: 'http://127.0.0.1' };
  const r = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: `Bench ${i}`, email, password: 'bench-pass-123' }),
  });
  if (!r.ok) throw new Error(`sign-up ${r.status} ${await r.text()}`);
  const cookie = r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const id = ((await r.json()) as { user: { id: string } }).user.id;
  const u = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: `Bench ${i}`, email, isSeller: false }),
  });
  if (!u.ok) throw new Error(`POST /users ${u.status}`);
  return { cookie, id };
}

/** An open event stream; `onEvent` is called with each event's name and data. */
async function openStream(base: string, cookie: string, onEvent: (event: string, data: string) => void) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) onEvent(event, data);
          i = buf.indexOf('\n\n');
        }
      }
    } catch {
      /* closed */
    }
  })();
  return () => controller.abort();
}

async function listCall(port: number) {
  const r = await autocannon({ url: `http://127.0.0.1:${port}/api/allproducts`, connections: 50, duration: 10 });
  return { reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

export async function runEventsBench() {
  fs.mkdirSync(tmpDir, { recursive: true });
  await ensureCatalog(DB, PRODUCTS);
  const server = await startShop(
    productionEnv({ AUTH_EMAIL_HOURLY_MAX: '1000000000', MESSAGE_RATE_MAX: '1000000', DATABASE_URL: dbUrl() }),
  );
  const base = `http://127.0.0.1:${server.port}`;
  const closers: (() => void)[] = [];
  try {
    // Warm-up, then the list without streams.
    await autocannon({ url: `${base}/api/allproducts`, connections: 50, duration: 3 });
    const without = await listCall(server.port);
    log('list without streams', without);

    const people: { cookie: string; id: string }[] = [];
    for (let i = 0; i < PEOPLE; i += 10)
      people.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => signUp(base, i + k)))));
    // Half of them sell: each gets a listing of the catalog, the others write to them about it.
    const sellers = people.slice(0, PEOPLE / 2);
    const buyers = people.slice(PEOPLE / 2);
    const c = new pg.Client({ connectionString: dbUrl() });
    await c.connect();
    const listings = (
      await c.query<{ id: string }>('select id from product where listed order by created_at desc limit $1', [sellers.length])
    ).rows.map((r) => r.id);
    for (const [i, s] of sellers.entries()) await c.query('update product set seller_id = $1 where id = $2', [s.id, listings[i]]);
    // Writing to a seller takes a verified email; the bench's people have no mailbox to click in.
    await c.query('update "user" set email_verified = true where id = any($1)', [people.map((p) => p.id)]);
    await c.end();

    const convs: { buyer: { cookie: string }; sellerIndex: number; id: string }[] = [];
    for (const [i, b] of buyers.entries()) {
      const r = await fetch(`${base}/api/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1', cookie: b.cookie },
        body: JSON.stringify({ listingId: listings[i] }),
      });
      if (!r.ok) throw new Error(`open conversation ${r.status} ${await r.text()}`);
      convs.push({ buyer: b, sellerIndex: i, id: ((await r.json()) as { _id: string })._id });
    }

    // Memory before and after the streams (after a settle, so the figures are not mid-GC).
    const arrivals = new Map<string, number>();
    const sellerSet = new Set(sellers);
    const openAll = async () => {
      for (const person of people)
        for (let t = 0; t < TABS; t++)
          closers.push(
            await openStream(base, person.cookie, (event, data) => {
              // Delivery is timed to the recipient (the seller): the sender's own tabs hear it too.
              if (event !== 'message' || !sellerSet.has(person)) return;
              const text = (JSON.parse(data) as { text: string }).text;
              if (!arrivals.has(text)) arrivals.set(text, performance.now());
            }),
          );
      await new Promise((r) => setTimeout(r, 2000));
    };
    const closeAll = async () => {
      for (const close of closers.splice(0)) close();
      await new Promise((r) => setTimeout(r, 2000));
    };
    const withoutRuns: Awaited<ReturnType<typeof listCall>>[] = [without];
    const withRuns: Awaited<ReturnType<typeof listCall>>[] = [];
    await new Promise((r) => setTimeout(r, 1000));
    const rssBefore = rssKb(server.pid);
    await openAll();
    const rssAfter = rssKb(server.pid);
    const perStreamKb = (rssAfter - rssBefore) / (PEOPLE * TABS);
    log(`${PEOPLE * TABS} streams open; server RSS ${rssBefore} -> ${rssAfter} KB (${perStreamKb.toFixed(1)} KB a stream)`);
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) {
        await closeAll();
        withoutRuns.push(await listCall(server.port));
        log('list without streams', withoutRuns.at(-1));
        await openAll();
      }
      withRuns.push(await listCall(server.port));
      log('list with streams', withRuns.at(-1));
    }
    const best = (runs: Awaited<ReturnType<typeof listCall>>[]) => runs.reduce((a, b) => (b.p99 < a.p99 ? b : a));
    const withStreams = best(withRuns);
    const withoutBest = best(withoutRuns);

    // Message delivery: CONCURRENT senders at once, MESSAGES in all.
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    const sender = async () => {
      while (next < MESSAGES) {
        const n = next++;
        // Paced: message n goes out at n / RATE seconds.
        const due = started + (n * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((res) => setTimeout(res, wait));
        const conv = convs[n % convs.length]!;
        const text = `bench ${n} ${Math.random().toString(36).slice(2)}`;
        const sent = performance.now();
        const r = await fetch(`${base}/api/conversations/${conv.id}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1', cookie: conv.buyer.cookie },
          body: JSON.stringify({ text }),
        });
        if (r.status !== 201) throw new Error(`send ${r.status} ${await r.text()}`);
        const deadline = sent + 5000;
        while (!arrivals.has(text) && performance.now() < deadline) await new Promise((res) => setTimeout(res, 2));
        const at = arrivals.get(text);
        latencies.push(at === undefined ? 5000 : at - sent);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT }, sender));
    const delivery = {
      messages: latencies.length,
      p50: Math.round(pct(latencies, 50)),
      p99: Math.round(pct(latencies, 99)),
      max: Math.round(Math.max(...latencies)),
      lost: latencies.filter((l) => l >= 5000).length,
    };
    log('message delivery (ms, POST sent -> event on the seller stream)', delivery);

    const rise = (withStreams.p99 - withoutBest.p99) / withoutBest.p99;
    const result = {
      at: new Date().toISOString(),
      products: PRODUCTS,
      streams: PEOPLE * TABS,
      messagesPerSecond: RATE,
      listWithout: withoutBest,
      listWith: withStreams,
      listRuns: { without: withoutRuns, with: withRuns },
      listP99Rise: Math.round(rise * 1000) / 10,
      rssBeforeKb: rssBefore,
      rssAfterKb: rssAfter,
      kbPerStream: Math.round(perStreamKb * 10) / 10,
      delivery,
      checks: {
        deliveryP99Under200ms: delivery.p99 <= 200,
        listP99RiseUnder20pct: rise <= 0.2,
      },
    };
    const file = path.join(tmpDir, `events-${result.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    log(JSON.stringify(result, null, 2));
    log(`written to ${path.relative(process.cwd(), file)}`);
    return result;
  } finally {
    for (const close of closers) close();
    await server.stop();
  }
}
