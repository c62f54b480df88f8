/**
 * Listing photos: POST /api/uploads (what is accepted, what is refused, what is stored: WebP/AVIF
 * sizes without any metadata), GET /media (caching, ETags), products' photos, the cleanup of unused
 * uploads, S3 storage (against s3rver) and a second instance serving what the first stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product, upload } from '../src/db/schema';
import { createStorage } from '../src/storage';
import { photosService } from '../src/modules/uploads/service';
import { freePort } from './helpers/port';
import { startTestApp, type TestApp } from './helpers/app';
import type { Client, Res } from './helpers/client';
import {
  addProduct,
  advertise,
  buyer,
  expectError,
  expectStatus,
  productBody,
  seller,
  uploadPhoto,
  type InsertResult,
} from './helpers/builders';

type UploadResult = {
  _id: string;
  url: string;
  width: number;
  height: number;
  srcset: string;
  avifSrcset?: string;
  placeholder?: string;
};
type Photo = Omit<UploadResult, '_id'>;

/** A JPEG as a phone makes it: EXIF with the camera, a GPS position and a rotation (orientation 6: turn 90°). */
async function phoneJpeg(width = 2000, height = 1500) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#0ea5e9"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#f97316"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Phone 12', Copyright: 'Sally Seller' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 24/1 0/1' },
    })
    .toBuffer();
}

function file(bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

/** A PNG whose header claims `width` x `height` pixels, with a few KB of compressed rows: a decompression bomb. */
function pngBomb(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(4 * 1024 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
}

const urlsOf = (p: Photo) => [
  ...p.srcset.split(', ').map((s) => s.split(' ')[0]!),
  ...(p.avifSrcset ?? '')
    .split(', ')
    .filter(Boolean)
    .map((s) => s.split(' ')[0]!),
];

async function getBytes(c: Client, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(c.baseUrl + url, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

let t: TestApp;
let s: Client;
const uploadCount = async () =>
  Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from upload`)).rows[0]?.n);

beforeAll(async () => {
  t = await startTestApp();
  s = await seller(t);
});
afterAll(() => t?.close());

describe('POST /api/uploads', () => {
  it('stores a phone photo upright at each width as WebP (and AVIF where small), with no EXIF, GPS or other metadata', async () => {
    const jpeg = await phoneJpeg();
    const source = await sharp(jpeg).metadata();
    expect(source.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the source's EXIF.
    expect(source.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const r = expectStatus(await s.postForm<UploadResult>('/api/uploads', file(jpeg)), 201, 'upload');
    const id = r.body._id;
    // Orientation 6: the 2000x1500 picture is 1500 wide once turned, so 1500 is the widest size kept.
    expect(r.body).toEqual({
      _id: id,
      url: `/media/p/${id}/1500.webp`,
      width: 1500,
      height: 2000,
      srcset: `/media/p/${id}/400.webp 400w, /media/p/${id}/800.webp 800w, /media/p/${id}/1500.webp 1500w`,
      avifSrcset: `/media/p/${id}/400.avif 400w, /media/p/${id}/800.avif 800w`,
      placeholder: expect.stringMatching(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/),
    });
    expect(r.body.placeholder!.length).toBeLessThan(400);
    for (const url of urlsOf(r.body)) {
      const { res, bytes } = await getBytes(s, url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(bytes).metadata();
      expect(res.headers.get('content-type')).toBe(url.endsWith('.avif') ? 'image/avif' : 'image/webp');
      expect(meta.format).toBe(url.endsWith('.avif') ? 'heif' : 'webp');
      expect(meta.width).toBe(Number(/\/(\d+)\.\w+$/.exec(url)?.[1]));
      expect(meta.height! > meta.width!, 'portrait: the rotation was applied').toBe(true);
      expect(meta.exif, `${url} has no EXIF`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(bytes.includes(Buffer.from('PhoneCo')), 'no camera name anywhere in the file').toBe(false);
      expect(bytes.includes(Buffer.from('Sally Seller'))).toBe(false);
    }
    const row = (await t.database.db.select().from(upload).where(eq(upload.id, id)))[0];
    expect(row).toMatchObject({ ownerId: s.id, productId: null });
  });

  it('answers ETags and 304 on If-None-Match; unknown or malformed keys are 404', async () => {
    const p = expectStatus(await s.postForm<UploadResult>('/api/uploads', file(await phoneJpeg(800, 600))), 201, 'upload').body;
    const first = await getBytes(s, p.url);
    const etag = first.res.headers.get('etag');
    expect(etag).toMatch(/^"/);
    const again = await getBytes(s, p.url, { 'if-none-match': etag! });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect((await getBytes(s, p.url.replace(/[0-9a-f]{8}-/, '00000000-'))).res.status).toBe(404);
    expect((await getBytes(s, `/media/p/${p._id}/..%2f..%2fpackage.json`)).res.status).toBe(404);
    expect((await getBytes(s, `/media/p/not-an-id/400.webp`)).res.status).toBe(404);
  });

  it('takes PNG, WebP and AVIF photos, judged by their bytes, whatever their name and type say', async () => {
    const base = sharp({ create: { width: 900, height: 600, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } });
    for (const [bytes, name] of [
      [await base.clone().png().toBuffer(), 'shot.jpg'],
      [await base.clone().webp().toBuffer(), 'shot.png'],
      [await base.clone().avif().toBuffer(), 'noext'],
    ] as const) {
      const r = expectStatus(
        await s.postForm<UploadResult>('/api/uploads', file(bytes, name, 'application/octet-stream')),
        201,
        name,
      );
      expect(r.body).toMatchObject({ width: 900, height: 600 });
    }
  });

  it('refuses what is not a readable photo with a 400 saying what is accepted, storing nothing', async () => {
    const dir = t.config.storage.kind === 'disk' ? t.config.storage.dir : '';
    const good = await phoneJpeg(1200, 900);
    const cases: { what: string; form: FormData; status: number; error: string; fast?: boolean }[] = [
      {
        what: 'text renamed .jpg',
        form: file(Buffer.from('hello, I am not a photo\n'.repeat(20)), 'cat.jpg'),
        status: 400,
        error: 'unsupported_image',
      },
      {
        what: 'an SVG',
        form: file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.jpg'),
        status: 400,
        error: 'unsupported_image',
      },
      {
        what: 'a GIF',
        form: file(
          await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
          'a.gif',
          'image/gif',
        ),
        status: 400,
        error: 'unsupported_image',
      },
      {
        what: 'a truncated JPEG',
        form: file(good.subarray(0, Math.floor(good.length / 2))),
        status: 400,
        error: 'unsupported_image',
      },
      {
        what: 'a decompression bomb (30000 x 30000 PNG)',
        form: file(pngBomb(30_000, 30_000), 'bomb.png', 'image/png'),
        status: 400,
        error: 'unsupported_image',
        fast: true,
      },
      {
        what: 'a 20 x 20000 sliver (WebP cannot store a side past 16383 px)',
        form: file(
          await sharp({ create: { width: 20, height: 20_000, channels: 3, background: '#888' } })
            .png()
            .toBuffer(),
          'tall.png',
          'image/png',
        ),
        status: 400,
        error: 'unsupported_image',
      },
      {
        what: 'a 20 MB file',
        form: file(Buffer.concat([good, Buffer.alloc(20 * 1024 * 1024, 7)])),
        status: 413,
        error: 'file_too_large',
      },
    ];
    const rows = await uploadCount();
    const files = filesUnder(dir).length;
    for (const c of cases) {
      const started = performance.now();
      const r = await s.postForm<{ error: string; message: string; field?: string }>('/api/uploads', c.form);
      const ms = performance.now() - started;
      expect(r.status, `${c.what}: ${JSON.stringify(r.body)}`).toBe(c.status);
      expect(r.body.error, c.what).toBe(c.error);
      expect(r.body.field, c.what).toBe('file');
      if (c.status === 400) expect(r.body.message, c.what).toContain('JPEG, PNG, WebP, HEIC/HEIF or AVIF');
      if (c.fast) expect(ms, `${c.what} refused in ${ms.toFixed(0)} ms`).toBeLessThan(1500);
      expect(await uploadCount(), `${c.what}: no row`).toBe(rows);
      expect(filesUnder(dir).length, `${c.what}: no file`).toBe(files);
    }
    // No file part, or a JSON body: 400 naming file.
    expectError(await s.postForm('/api/uploads', new FormData()), 400, 'no file');
    expectError(await s.post('/api/uploads', { file: 'x' }), 400, 'JSON body');
    expect(await uploadCount()).toBe(rows);
  });

  it('is for signed-in sellers: 401 signed out, 403 for a buyer naming no order of theirs', async () => {
    const bytes = await phoneJpeg(300, 200);
    expectError(await t.client().postForm('/api/uploads', file(bytes)), 401, 'signed out');
    expectError(await (await buyer(t)).postForm('/api/uploads', file(bytes)), 403, 'a buyer');
  });
});

describe('the OpenAPI document', () => {
  it('documents POST /uploads: a multipart body with one file, and its 201, 400, 401, 403 and 413 answers', async () => {
    const doc = (await t.client().get<{ paths: Record<string, { post?: Record<string, unknown> }> }>('/api/openapi.json')).body;
    const op = doc.paths['/uploads']?.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, { type: string; format: string }> } }> };
      responses: Record<string, unknown>;
    };
    expect(op.requestBody.content['multipart/form-data']?.schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    // 415 (a body of another media type), 429 (the per-IP limit) and 500 are added to every route of their kind (lib/openapi.ts).
    expect(Object.keys(op.responses).sort()).toEqual(['201', '400', '401', '403', '413', '415', '429', '500']);
    // The file's bound is the upload limit, not the JSON body limit.
    expect(op.requestBody.content['multipart/form-data']?.schema.properties.file).toMatchObject({ maxLength: 15 * 1024 * 1024 });
  });
});

describe('photos of a listing', () => {
  it('POST /products takes photos (the first is the cover, img its URL); lists carry the cover, the product all', async () => {
    const ids = [await uploadPhoto(s), await uploadPhoto(s), await uploadPhoto(s)];
    const r = expectStatus(
      await s.post<InsertResult>('/api/products', productBody(s, { photos: [ids[1]!, ids[0]!, ids[2]!] })),
      201,
      'list',
    );
    const one = (await t.client().get<{ img: string; photos: Photo[] }>(`/api/product/${r.body.insertedId}`)).body;
    expect(one.photos.map((p) => p.url)).toEqual([ids[1], ids[0], ids[2]].map((id) => `/media/p/${id}/64.webp`));
    expect(one.img).toBe(one.photos[0]!.url);
    const list = (await t.client().get<{ _id: string; img: string; photos: Photo[] }[]>('/api/allproducts')).body;
    const card = list.find((p) => p._id === r.body.insertedId)!;
    // The card's cover, without the placeholder (the product page has it).
    const { placeholder, ...coverOnCard } = one.photos[0]!;
    expect(placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(card.photos).toEqual([coverOnCard]);
    expect(card.img).toBe(one.img);
  });

  it("an ad carries its product's cover in every size, as the product's card does (null without uploads)", async () => {
    const withPhoto = await addProduct(s);
    // As a demo row or an item listed before uploads: no stored photo, only `img`.
    const without = await addProduct(s);
    await t.database.db.update(product).set({ cover: null }).where(eq(product.id, without));
    await advertise(s, withPhoto);
    await advertise(s, without);
    const ads = expectStatus(
      await t.client().get<{ productId: string; img: string; photo: Photo | null }[]>('/api/advertise'),
      200,
      'ads',
    ).body;
    const list = (await t.client().get<{ _id: string; photos: Photo[] }[]>('/api/allproducts?limit=100')).body;
    const ad = ads.find((a) => a.productId === withPhoto)!;
    expect(ad.photo).toEqual(list.find((p) => p._id === withPhoto)!.photos[0]);
    expect(ad.photo!.srcset).toMatch(/ \d+w/);
    expect(ad.img).toBe(ad.photo!.url);
    expect(ads.find((a) => a.productId === without)!.photo).toBeNull();
  });

  it("refuses photos that are not the seller's, already on another listing, unknown, repeated, none or more than 8 (400 photos)", async () => {
    const other = await seller(t, 'other');
    const theirs = await uploadPhoto(other);
    const mine = await uploadPhoto(s);
    await addProduct(s, { photos: [mine] });
    const fresh = await uploadPhoto(s);
    const nine = await Promise.all(Array.from({ length: 9 }, () => uploadPhoto(s)));
    for (const [what, photos] of [
      ["another seller's upload", [theirs]],
      ['a photo of another listing', [fresh, mine]],
      ['an unknown id', ['00000000-0000-4000-8000-000000000000']],
      ['the same photo twice', [fresh, fresh]],
      ['no photos', []],
      ['nine photos', nine],
      ['not ids', ['https://img.example/x.jpg']],
    ] as const) {
      const before = await t.database.db.execute(sql`select count(*)::int as n from product`);
      const r = await s.post('/api/products', productBody(s, { photos: [...photos] }));
      expectError(r as Res<unknown>, 400, what);
      expect((r.body as { field?: string }).field, what).toMatch(/^photos(\.\d+)?$/);
      expect((await t.database.db.execute(sql`select count(*)::int as n from product`)).rows).toEqual(before.rows);
    }
    // The refused listing did not take `fresh`: it can still be used.
    await addProduct(s, { photos: [fresh] });
  });

  it('uploads no listing uses are deleted with their files after a day; used ones stay', async () => {
    const dir = t.config.storage.kind === 'disk' ? t.config.storage.dir : '';
    const unused = await uploadPhoto(s);
    const used = await uploadPhoto(s);
    await addProduct(s, { photos: [used] });
    const photos = photosService({ db: t.database.db, storage: createStorage(t.config.storage), log: t.app.log });
    expect((await photos.cleanup({ now: new Date() })).deleted).toBe(0);
    await photos.cleanup({ now: new Date(Date.now() + 25 * 60 * 60_000) });
    const left = (await t.database.db.select({ id: upload.id }).from(upload)).map((r) => r.id);
    expect(left).not.toContain(unused);
    expect(left).toContain(used);
    expect(fs.existsSync(path.join(dir, 'p', unused))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'p', used, '64.webp'))).toBe(true);
    expect((await getBytes(s, `/media/p/${unused}/64.webp`)).res.status).toBe(404);
  });
});

describe('shared storage', () => {
  it('a second instance on the same MEDIA_DIR serves a photo uploaded through the first', async () => {
    const media = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-'));
    const a = await startTestApp({ env: { MEDIA_DIR: media } });
    const b = await startTestApp({ env: { MEDIA_DIR: media } });
    try {
      const p = expectStatus(
        await (await seller(a)).postForm<UploadResult>('/api/uploads', file(await phoneJpeg(600, 400))),
        201,
        'upload',
      ).body;
      const fromA = await getBytes(a.client(), p.url);
      const fromB = await getBytes(b.client(), p.url);
      expect(fromB.res.status).toBe(200);
      expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
      expect(fromB.res.headers.get('etag')).toBe(fromA.res.headers.get('etag'));
    } finally {
      await a.close();
      await b.close();
      fs.rmSync(media, { recursive: true, force: true });
    }
  }, 30_000);

  it('S3 (s3rver): upload through one instance, served by another on the same bucket; a refused file leaves no object', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
    const port = await freePort();
    const s3 = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'shop-photos' }],
    });
    await s3.run();
    const env = {
      S3_BUCKET: 'shop-photos',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const a = await startTestApp({ env });
    const b = await startTestApp({ env });
    const objects = () => filesUnder(path.join(dir, 'shop-photos')).filter((f) => f.endsWith('._S3rver_object')).length;
    try {
      expect(a.config.storage.kind).toBe('s3');
      const sa = await seller(a);
      const p = expectStatus(
        await sa.postForm<UploadResult>('/api/uploads', file(await phoneJpeg(1000, 700))),
        201,
        'upload',
      ).body;
      const stored = objects();
      expect(stored).toBe(urlsOf(p).length);
      for (const url of urlsOf(p)) {
        const { res, bytes } = await getBytes(b.client(), url);
        expect(res.status, url).toBe(200);
        expect((await sharp(bytes).metadata()).exif).toBeUndefined();
        const etag = res.headers.get('etag')!;
        expect((await getBytes(b.client(), url, { 'if-none-match': etag })).res.status).toBe(304);
      }
      expectError(await sa.postForm('/api/uploads', file(Buffer.from('not a photo at all, just words'), 'x.jpg')), 400, 'text');
      expect(objects()).toBe(stored);
      // The cleanup job deletes the objects too.
      const photos = photosService({ db: a.database.db, storage: createStorage(a.config.storage), log: a.app.log });
      await photos.cleanup({ now: new Date(Date.now() + 25 * 60 * 60_000) });
      expect(objects()).toBe(0);
      expect((await getBytes(b.client(), p.url)).res.status).toBe(404);
    } finally {
      await a.close();
      await b.close();
      await s3.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
