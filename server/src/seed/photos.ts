import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { CategoryName } from '@shop/contract';
import type { Db } from '../db/client';
import { product, upload } from '../db/schema';
import { encodeSizes, listCover, toProductPhoto, widthsFor, type PhotoFile, type StoredPhoto } from '../modules/uploads/process';
import type { Storage } from '../storage';

/** Demo photos are drawn on an 800 x 600 canvas and rendered at 640 x 480: two stored widths (400, 640) keep the first start quick. */
const W = 800;
const H = 600;
const OUT_W = 640;
const OUT_H = 480;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A device of the category, drawn centred at (cx, cy) with accent colour `c`. */
function device(category: CategoryName, cx: number, cy: number, c: string, view: number): string {
  const back = view === 1;
  switch (category) {
    case 'Laptop':
      return `<g transform="translate(${cx} ${cy})">
        <rect x="-230" y="-170" width="460" height="290" rx="16" fill="#1f2937"/>
        <rect x="-212" y="-152" width="424" height="254" rx="6" fill="${back ? '#374151' : c}"/>
        ${back ? `<circle cx="0" cy="-25" r="34" fill="#9ca3af"/>` : `<rect x="-180" y="-120" width="170" height="16" rx="8" fill="#fff" opacity=".7"/><rect x="-180" y="-92" width="250" height="12" rx="6" fill="#fff" opacity=".45"/>`}
        <path d="M-280 120 h560 l-30 34 h-500 z" fill="#9ca3af"/><rect x="-50" y="120" width="100" height="8" rx="4" fill="#6b7280"/></g>`;
    case 'Mobile':
      return `<g transform="translate(${cx} ${cy})">
        <rect x="-115" y="-230" width="230" height="460" rx="34" fill="#111827"/>
        ${back ? `<rect x="-95" y="-210" width="110" height="110" rx="26" fill="#374151"/><circle cx="-62" cy="-177" r="22" fill="#0b1220" stroke="${c}" stroke-width="5"/><circle cx="-20" cy="-135" r="22" fill="#0b1220" stroke="${c}" stroke-width="5"/>` : `<rect x="-103" y="-216" width="206" height="432" rx="26" fill="${c}"/><rect x="-30" y="-206" width="60" height="14" rx="7" fill="#111827"/>`}
      </g>`;
    case 'iPad':
      return `<g transform="translate(${cx} ${cy}) rotate(${back ? 0 : -4})">
        <rect x="-190" y="-245" width="380" height="490" rx="26" fill="#d1d5db"/>
        ${back ? `<circle cx="0" cy="0" r="40" fill="#9ca3af"/><rect x="-160" y="-220" width="60" height="60" rx="16" fill="#6b7280"/>` : `<rect x="-172" y="-227" width="344" height="454" rx="12" fill="${c}"/>`}
      </g>`;
    case 'Camera':
      return `<g transform="translate(${cx} ${cy})">
        <rect x="-240" y="-130" width="480" height="280" rx="30" fill="#1f2937"/>
        <rect x="-200" y="-170" width="130" height="60" rx="12" fill="#374151"/>
        ${back ? `<rect x="-190" y="-90" width="260" height="180" rx="10" fill="${c}"/><circle cx="160" cy="0" r="34" fill="#374151"/>` : `<circle cx="20" cy="10" r="118" fill="#111827" stroke="${c}" stroke-width="14"/><circle cx="20" cy="10" r="70" fill="#1e3a8a" opacity=".8"/><circle cx="-5" cy="-15" r="18" fill="#fff" opacity=".6"/>`}
      </g>`;
    case 'Headphone':
      return `<g transform="translate(${cx} ${cy})">
        <path d="M-170 40 v-60 a170 170 0 0 1 340 0 v60" fill="none" stroke="#1f2937" stroke-width="34" stroke-linecap="round"/>
        <rect x="-225" y="10" width="110" height="170" rx="50" fill="${c}"/><rect x="115" y="10" width="110" height="170" rx="50" fill="${c}"/>
        ${back ? '' : `<rect x="-205" y="35" width="70" height="120" rx="34" fill="#111827" opacity=".35"/><rect x="135" y="35" width="70" height="120" rx="34" fill="#111827" opacity=".35"/>`}
      </g>`;
    case 'Watch':
      return `<g transform="translate(${cx} ${cy})">
        <rect x="-70" y="-250" width="140" height="500" rx="40" fill="${c}"/>
        <rect x="-130" y="-140" width="260" height="280" rx="${back ? 130 : 60}" fill="#111827"/>
        ${back ? `<circle cx="0" cy="0" r="70" fill="#374151"/><circle cx="0" cy="0" r="30" fill="#4b5563"/>` : `<rect x="-108" y="-118" width="216" height="236" rx="44" fill="#0b1220"/><text x="0" y="18" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="#fff" text-anchor="middle">10:09</text>`}
        <rect x="128" y="-40" width="22" height="60" rx="8" fill="#6b7280"/>
      </g>`;
  }
}

/**
 * A demo photo of a listing, drawn (no file is downloaded): view 0 the front, 1 the back, 2 the item
 * with its label. Colours vary with `seed`, the model name is written on it.
 */
function demoPhotoSvg(category: CategoryName, model: string, view: number, seed: number): string {
  // Front and back come in four colour schemes per category (each drawn once, see makeDemoPhoto's cache);
  // the labelled view names the model, so it is drawn for each listing.
  const variant = view === 2 ? seed : (seed % 4) * 3 + 1;
  const hue = (variant * 47 + view * 19) % 360;
  const bg = `hsl(${hue} 35% ${view === 2 ? 92 : 86}%)`;
  const bg2 = `hsl(${(hue + 40) % 360} 45% 74%)`;
  const accent = `hsl(${(hue + 180) % 360} 65% 52%)`;
  const label =
    view === 2
      ? `<g transform="translate(560 470) rotate(-6)"><rect x="-200" y="-48" width="400" height="96" rx="12" fill="#fff" stroke="#d1d5db" stroke-width="3"/>
        <text x="0" y="-6" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="#111827" text-anchor="middle">${esc(model.slice(0, 24))}</text>
        <text x="0" y="30" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" fill="#4b5563" text-anchor="middle">${esc(category)} · tested, works</text></g>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OUT_W}" height="${OUT_H}" viewBox="0 0 ${W} ${H}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>
    <radialGradient id="s" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#000" stop-opacity=".25"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#g)"/>
    <ellipse cx="${view === 2 ? 330 : 400}" cy="${H - 70}" rx="300" ry="36" fill="url(#s)"/>
    ${device(category, view === 2 ? 330 : 400, view === 2 ? 280 : 300, accent, view)}
    ${label}
  </svg>`;
}

/** Encodings by drawing: a drawing shared by several listings is rendered and encoded once, stored under each one's id. */
const encoded = new Map<string, ReturnType<typeof encodeSizes>>();

/** Draws, encodes (WebP only: flat drawings gain little from AVIF) and stores one demo photo. */
async function makeDemoPhoto(storage: Storage, svg: string): Promise<{ photo: StoredPhoto; bytes: number }> {
  let made = encoded.get(svg);
  if (!made) {
    made = sharp(Buffer.from(svg))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then((decoded) => encodeSizes('x', decoded, widthsFor(decoded.info.width), { avif: false, effort: 1 }));
    encoded.set(svg, made);
  }
  const { photo, files } = await made;
  const id = crypto.randomUUID();
  await Promise.all(files.map((f: PhotoFile) => storage.put(f.key.replace('p/x/', `p/${id}/`), f.body, f.contentType)));
  return { photo: { ...photo, id }, bytes: files.reduce((n, f) => n + f.body.length, 0) };
}

/** How many photos each demo listing gets (cover, back, label), the last listings of a category fewer. */
const PHOTOS_PER_LISTING = 3;

/** How long before its listing went up a demo photo was uploaded. */
const UPLOADED_BEFORE_LISTING_MS = 24 * 60 * 60_000;

/**
 * Gives every demo listing drawn photos: stored files, upload rows in use by the listing, and the
 * listing's gallery, cover and img. Two photos are made at a time (the server is not serving yet).
 * Each upload row is dated a day before its listing, so none falls in the last hour: the per-seller
 * cap on uploads an hour (UPLOADS_PER_HOUR) counts the demo sellers' own uploads only, from the
 * first start on.
 */
export async function addDemoPhotos(
  db: Db,
  storage: Storage,
  listings: { id: string; sellerId: string; name: string; category: string; createdAt: Date }[],
) {
  const jobs = listings.flatMap((l, n) =>
    Array.from({ length: n % 4 === 3 ? 2 : PHOTOS_PER_LISTING }, (_, view) => ({ l, n, view })),
  );
  const made = new Map<string, { photo: StoredPhoto; bytes: number }[]>();
  let next = 0;
  const worker = async () => {
    for (let j = jobs[next++]; j; j = jobs[next++]) {
      const svg = demoPhotoSvg(j.l.category as CategoryName, j.l.name, j.view, j.n);
      let list = made.get(j.l.id);
      if (!list) {
        list = [];
        made.set(j.l.id, list);
      }
      list[j.view] = await makeDemoPhoto(storage, svg);
    }
  };
  await Promise.all([worker(), worker()]);
  encoded.clear();
  await db.transaction(async (tx) => {
    for (const l of listings) {
      const stored = made.get(l.id) ?? [];
      const photos = stored.map((s) => s.photo);
      const [cover] = photos;
      if (!cover) continue;
      await tx.insert(upload).values(
        stored.map(({ photo, bytes }) => ({
          id: photo.id,
          ownerId: l.sellerId,
          productId: l.id,
          usage: 'photo' as const,
          photo,
          bytes,
          createdAt: new Date(l.createdAt.getTime() - UPLOADED_BEFORE_LISTING_MS),
          unusedSince: null,
        })),
      );
      await tx
        .update(product)
        .set({ photos, cover: listCover(cover), img: toProductPhoto(cover).url })
        .where(eq(product.id, l.id));
    }
  });
}
