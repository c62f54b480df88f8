/**
 * `npm run bench -- --only upload`: photo uploads on PostgreSQL, one server instance (production
 * settings, as the catalog bench).
 *
 * 1. A catalog of 20k products in its own database (shop_bench_upload on BENCH_PG_URL's server,
 *    loaded once) and a signed-in, verified seller.
 * 2. One 12-megapixel JPEG (4000 x 3000, photo-like: shapes, gradients and grain, EXIF with GPS),
 *    uploaded UPLOADS times one after another: the time from sending POST /api/uploads to its 201
 *    (every size stored), median and worst.
 * 3. The first page of /api/allproducts (autocannon, 10 connections, 10 s): p50/p99 without uploads,
 *    then again while 4 uploads of that photo are always in flight.
 * Results are printed and written to results/tmp/upload-<date>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { benchDbUrl, ensureCatalog, log, pct, productionEnv, startShop, tmpDir } from './lib/shop';

const DB = 'shop_bench_upload';
const PRODUCTS = 20_000;
const UPLOADS = 6;
const IN_FLIGHT = 4;
const DURATION = 10;

const dbUrl = () => benchDbUrl(DB);

/** A 12-megapixel phone photo: a drawn scene with grain (so it compresses like a photo), EXIF and GPS. */
async function twelveMegapixelJpeg() {
  const [w, h] = [4000, 3000];
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#f5f5f4"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/><rect y="${h * 0.6}" width="100%" height="${h * 0.4}" fill="#a8a29e"/>
    <rect x="1100" y="900" width="1800" height="1150" rx="60" fill="#1f2937"/><rect x="1160" y="960" width="1680" height="1030" rx="20" fill="#0ea5e9"/>
    <circle cx="3300" cy="700" r="300" fill="#fde047"/></svg>`;
  const grain = await sharp({
    create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(scene))
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 1 })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Phone 12' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1' } })
    .toBuffer();
}

async function seller(base: string): Promise<string> {
  const email = `bench-upload-${Date.now()}@bench.shop`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    // BASE_URL of the bench server: the origin Better Auth trusts.
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
    body: JSON.stringify({ name: 'Bench Seller', email, password: 'bench-pass-word-123' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const c = new pg.Client({ connectionString: dbUrl() });
  await c.connect();
  await c.query('update "user" set email_verified = true where email = $1', [email]);
  await c.end();
  const role = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1', cookie },
    body: JSON.stringify({ name: 'Bench Seller', email, isSeller: true }),
  });
  if (role.status !== 200) throw new Error(`POST /users: ${role.status} ${await role.text()}`);
  return cookie;
}

async function upload(base: string, cookie: string, jpeg: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const r = await fetch(`${base}/api/uploads`, { method: 'POST', headers: { cookie }, body: form });
  const body = await r.text();
  if (r.status !== 201) throw new Error(`upload: ${r.status} ${body}`);
  return performance.now() - started;
}

async function listLatency(base: string) {
  const r = await autocannon({ url: `${base}/api/allproducts`, connections: 10, duration: DURATION });
  return { p50: r.latency.p50, p99: r.latency.p99, reqPerSec: Math.round(r.requests.average), non2xx: r.non2xx };
}

export async function runUploadBench() {
  fs.mkdirSync(tmpDir, { recursive: true });
  await ensureCatalog(DB, PRODUCTS);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-media-'));
  const server = await startShop(
    productionEnv({
      DATABASE_URL: dbUrl(),
      MEDIA_DIR: mediaDir,
      // One seller uploads far more than the per-account caps allow in the hour: they are not what is measured.
      UPLOADS_PER_HOUR: '1000000',
      UNUSED_UPLOADS_MAX: '1000000',
    }),
  );
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const jpeg = await twelveMegapixelJpeg();
    const meta = await sharp(jpeg).metadata();
    log(
      `\nUpload: ${meta.width} x ${meta.height} JPEG of ${(jpeg.length / 1e6).toFixed(1)} MB, load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    const cookie = await seller(base);
    await upload(base, cookie, jpeg); // warm-up: sharp's and the route's first run
    const single: number[] = [];
    for (let i = 0; i < UPLOADS; i++) single.push(await upload(base, cookie, jpeg));
    log(
      `  one at a time: median ${Math.round(pct(single, 50))} ms, worst ${Math.round(Math.max(...single))} ms (${UPLOADS} uploads)`,
    );

    await listLatency(base); // warm-up of the list
    const quiet = await listLatency(base);
    log(`  /api/allproducts alone: p50 ${quiet.p50} ms, p99 ${quiet.p99} ms, ${quiet.reqPerSec} req/s`);
    let uploading = true;
    const during: number[] = [];
    const lanes = Array.from({ length: IN_FLIGHT }, async () => {
      while (uploading) during.push(await upload(base, cookie, jpeg));
    });
    const busy = await listLatency(base);
    uploading = false;
    await Promise.all(lanes);
    log(
      `  /api/allproducts with ${IN_FLIGHT} uploads in flight: p50 ${busy.p50} ms, p99 ${busy.p99} ms, ${busy.reqPerSec} req/s; ` +
        `those uploads took median ${Math.round(pct(during, 50))} ms, p99 ${Math.round(pct(during, 99))} ms (${during.length} uploads)`,
    );
    const summary = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, loadAvg: os.loadavg()[0] },
      photo: { width: meta.width, height: meta.height, bytes: jpeg.length },
      single: { medianMs: Math.round(pct(single, 50)), worstMs: Math.round(Math.max(...single)), runs: single.map(Math.round) },
      list: { quiet, busy, inFlight: IN_FLIGHT },
      duringUploads: { medianMs: Math.round(pct(during, 50)), p99Ms: Math.round(pct(during, 99)), count: during.length },
      target: { uploadMs: 1500, met: pct(single, 50) <= 1500 },
    };
    const file = path.join(tmpDir, `upload-${summary.date.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(summary, null, 2));
    log(
      `  target: a 12 MP JPEG stored in <= 1.5 s: ${summary.target.met ? 'met' : 'NOT met'}. Wrote ${path.relative(process.cwd(), file)}`,
    );
  } finally {
    await server.stop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}
