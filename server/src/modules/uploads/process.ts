import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { ProductPhoto } from '@shop/contract';
import type { PhotoType } from './sniff';

/** The widths a photo is stored at (never wider than the original): a card, a phone screen, a large screen. */
const PHOTO_WIDTHS = [400, 800, 1600] as const;
const MAX_WIDTH = 1600;
/** AVIF is made for the widths where it pays: cards and phones get half the bytes of WebP, for a few tens of ms each; at 1600 it costs more time than the upload budget allows. */
const AVIF_MAX_WIDTH = 800;
/**
 * Refused before decoding: a decompression bomb (a huge pixel count in a small file). 50 megapixels
 * is above any phone camera's default photo (12-48 MP).
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * A photo as stored on an upload row and in product.photos: compact, so a product row holds its
 * gallery and lists read the cover without a join. `ws` are the WebP widths, `av` the AVIF ones,
 * `w`/`h` the size of the widest, `ph` a tiny blurred WebP as a data: URL.
 */
export type StoredPhoto = { id: string; w: number; h: number; ws: number[]; av: number[]; ph: string };

export type PhotoFile = { key: string; body: Buffer; contentType: string };

export const photoKey = (id: string, width: number, format: 'webp' | 'avif') => `p/${id}/${width}.${format}`;
const mediaUrl = (key: string) => `/media/${key}`;

/**
 * The cover as product lists carry it: without the placeholder, which would add a quarter to each
 * card's bytes on the shop's busiest call (the product page's gallery has it).
 */
export const listCover = (p: StoredPhoto): StoredPhoto => ({ ...p, ph: '' });

/**
 * The row of an upload still being made (modules/uploads reserves it before decoding, so the owner's
 * caps count it): every file it could come to have, so the cleanup job deletes whatever a crash left.
 */
export const reservedPhoto = (id: string): StoredPhoto => ({
  id,
  w: 0,
  h: 0,
  ws: [...PHOTO_WIDTHS],
  av: PHOTO_WIDTHS.filter((w) => w <= AVIF_MAX_WIDTH),
  ph: '',
});

/** Every file of a stored photo (what the cleanup job deletes). */
export const photoKeys = (p: StoredPhoto) => [
  ...p.ws.map((w) => photoKey(p.id, w, 'webp')),
  ...p.av.map((w) => photoKey(p.id, w, 'avif')),
];

/** How the API shows a stored photo. */
export function toProductPhoto(p: StoredPhoto): ProductPhoto {
  const widest = p.ws[p.ws.length - 1] ?? p.w;
  return {
    url: mediaUrl(photoKey(p.id, widest, 'webp')),
    width: p.w,
    height: p.h,
    srcset: p.ws.map((w) => `${mediaUrl(photoKey(p.id, w, 'webp'))} ${w}w`).join(', '),
    ...(p.av.length ? { avifSrcset: p.av.map((w) => `${mediaUrl(photoKey(p.id, w, 'avif'))} ${w}w`).join(', ') } : {}),
    ...(p.ph ? { placeholder: p.ph } : {}),
  };
}

/** Why a photo was refused, for the 400 (the caller adds what is accepted). */
export class UnreadablePhoto extends Error {}

// One libvips thread per image: with two cores, one photo at a time leaves the other core to the
// event loop (uploads never stall page loads; the bench measures it).
sharp.concurrency(1);

/**
 * At most `limit` photos are decoded at once. The rest wait their turn, taken from each uploader in
 * rotation (one photo of each uploader who is waiting, then the next round), so one seller's batch
 * of large photos never holds everyone else's upload behind it.
 */
export function fairQueue(limit: number) {
  let active = 0;
  /** Waiting turns by uploader; the Map's order is the rotation (an uploader served goes to the back). */
  const waiting = new Map<string, (() => void)[]>();
  const take = (): (() => void) | undefined => {
    const first = waiting.entries().next();
    if (first.done) return undefined;
    const [owner, turns] = first.value;
    waiting.delete(owner);
    const turn = turns.shift();
    if (turns.length) waiting.set(owner, turns);
    return turn;
  };
  return async <T>(owner: string, fn: () => Promise<T>): Promise<T> => {
    if (active < limit) active++;
    // The slot is handed over by the photo that finishes (so a newcomer cannot jump the rotation).
    else
      await new Promise<void>((resolve) => {
        const turns = waiting.get(owner);
        if (turns) turns.push(resolve);
        else waiting.set(owner, [resolve]);
      });
    try {
      return await fn();
    } finally {
      const next = take();
      if (next) next();
      else active--;
    }
  };
}
const photoQueue = fairQueue(1);
/** The longest side may be at most this many times the shortest. */
const MAX_ASPECT = 6;

/**
 * Decodes a photo of `owner` (their turn in the queue) once (orientation applied, shrunk on load where the format allows), then writes
 * WebP at each width, AVIF at the small ones, and a blurred placeholder. Outputs carry no metadata at
 * all (sharp keeps none unless asked: no EXIF, no GPS, no XMP, no ICC; pixels are converted to sRGB).
 */
export async function makePhoto(
  id: string,
  input: Buffer,
  type: PhotoType,
  owner: string,
): Promise<{ photo: StoredPhoto; files: PhotoFile[] }> {
  return photoQueue(owner, async () => {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' as const };
    let meta: Metadata;
    try {
      meta = await sharp(input, options).metadata();
    } catch {
      throw new UnreadablePhoto('This file could not be read as a photo.');
    }
    const expected = type === 'image/jpeg' ? 'jpeg' : type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'heif';
    if (meta.format !== expected) throw new UnreadablePhoto('This file could not be read as a photo.');
    if (!meta.width || !meta.height) throw new UnreadablePhoto('This file could not be read as a photo.');
    if (meta.width * meta.height > MAX_INPUT_PIXELS)
      throw new UnreadablePhoto(`This photo has too many pixels (at most ${MAX_INPUT_PIXELS / 1e6} megapixels).`);
    if ((meta.pages ?? 1) > 1 && type !== 'image/heic' && type !== 'image/heif')
      throw new UnreadablePhoto('Animated images are not photos.');
    // WebP stores at most 16,383 px a side: a sliver like 20 x 20,000 px would fail to encode. No product
    // photo is that long and narrow, so it is refused like any other file that is not a photo.
    if (Math.max(meta.width, meta.height) > MAX_ASPECT * Math.min(meta.width, meta.height))
      throw new UnreadablePhoto(`This photo is too long and narrow (at most ${MAX_ASPECT} to 1).`);

    // Width after orientation: EXIF orientations 5-8 swap width and height.
    const upright = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
    const widths = widthsFor(upright);
    const widest = widths[widths.length - 1] ?? upright;
    let decoded: { data: Buffer; info: OutputInfo };
    try {
      decoded = await sharp(input, options)
        .rotate()
        .resize({ width: widest, withoutEnlargement: true })
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      if (err instanceof Error && /pixel limit/i.test(err.message))
        throw new UnreadablePhoto(`This photo has too many pixels (at most ${MAX_INPUT_PIXELS / 1e6} megapixels).`);
      throw new UnreadablePhoto(
        type === 'image/heic' || type === 'image/heif'
          ? 'This HEIC/HEIF photo uses a coding this server cannot read: export it as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible) and upload that.'
          : 'This photo could not be read: it may be damaged or cut short.',
      );
    }
    return encodeSizes(id, decoded, widths);
  });
}

/**
 * The stored files of a decoded photo (8-bit sRGB pixels, upright, at the widest size): WebP at each
 * width, AVIF at the small ones (unless `avif` is false), and the placeholder.
 */
export async function encodeSizes(
  id: string,
  { data, info }: { data: Buffer; info: OutputInfo },
  widths: number[],
  // Low encoder efforts: effort 3+ (WebP) and 2+ (AVIF) cost two to three times the CPU for a few percent fewer bytes.
  { avif = true, effort = 2 }: { avif?: boolean; effort?: number } = {},
): Promise<{ photo: StoredPhoto; files: PhotoFile[] }> {
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const files: PhotoFile[] = [];
  const av: number[] = [];
  for (const w of widths) {
    const img = () => (w === info.width ? sharp(data, raw) : sharp(data, raw).resize({ width: w }));
    files.push({
      key: photoKey(id, w, 'webp'),
      body: await img().webp({ quality: 78, effort, smartSubsample: false }).toBuffer(),
      contentType: 'image/webp',
    });
    if (avif && w <= AVIF_MAX_WIDTH) {
      files.push({
        key: photoKey(id, w, 'avif'),
        body: await img().avif({ quality: 50, effort: 1 }).toBuffer(),
        contentType: 'image/avif',
      });
      av.push(w);
    }
  }
  const ph = await sharp(data, raw).resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer();
  return {
    photo: { id, w: info.width, h: info.height, ws: widths, av, ph: `data:image/webp;base64,${ph.toString('base64')}` },
    files,
  };
}

/** The widths stored for a photo `original` pixels wide. */
export function widthsFor(original: number) {
  const widest = Math.min(original, MAX_WIDTH);
  return [...PHOTO_WIDTHS.filter((w) => w < widest), widest];
}
