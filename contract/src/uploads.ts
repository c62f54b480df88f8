import { z } from 'zod';
import { answerId, idSchema } from './common';

/** How many photos a listing has: the first is the cover. */
export const MIN_PHOTOS = 1;
export const MAX_PHOTOS = 8;
/** The largest file POST /uploads takes (413 above it). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** The photo formats POST /uploads takes, recognised by their bytes (not the name or Content-Type). */
export const ACCEPTED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif'] as const;
export const ACCEPTED_PHOTOS_TEXT = 'JPEG, PNG, WebP, HEIC/HEIF or AVIF photos';

/**
 * One stored photo as the API shows it. `url` is the largest stored WebP and `width`/`height` its
 * size (so a page can reserve the space before it loads); `srcset` lists the WebP widths,
 * `avifSrcset` the AVIF ones when they were made; `placeholder` is a tiny blurred data: URL.
 */
export const productPhotoSchema = z
  .object({
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    srcset: z.string(),
    avifSrcset: z.string().optional(),
    placeholder: z.string().optional(),
  })
  .meta({ id: 'ProductPhoto' });
export type ProductPhoto = z.infer<typeof productPhotoSchema>;

/** 201 of POST /uploads: the photo's id (for `photos` of a listing) and how it looks. */
export const uploadResultSchema = productPhotoSchema.extend({ _id: answerId }).meta({ id: 'UploadResult' });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** The photos of a listing: upload ids, the first is the cover, each once. */
export const photoIdsSchema = z
  .array(idSchema, { message: `must be a list of 1 to ${MAX_PHOTOS} photo ids` })
  .min(MIN_PHOTOS, { message: 'must have at least one photo' })
  .max(MAX_PHOTOS, { message: `must be at most ${MAX_PHOTOS} photos` })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat a photo' });
