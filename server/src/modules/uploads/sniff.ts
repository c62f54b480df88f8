import type { ACCEPTED_PHOTO_TYPES } from '@shop/contract';

export type PhotoType = (typeof ACCEPTED_PHOTO_TYPES)[number];

/** ISO-BMFF brands (the `ftyp` box) of AVIF and of HEIC/HEIF photos. */
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * The photo type the first bytes of a file say it is (magic numbers), or null: what a file is
 * called and the Content-Type its sender claims are never trusted. 32 bytes are enough.
 */
export function sniffPhotoType(head: Buffer): PhotoType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(head.readUInt32BE(0), head.length);
    const brands = [head.toString('latin1', 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(head.toString('latin1', i, i + 4));
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'image/avif';
    if (brands.some((b) => HEIF_BRANDS.has(b))) return brands[0] === 'mif1' || brands[0] === 'msf1' ? 'image/heif' : 'image/heic';
  }
  return null;
}
