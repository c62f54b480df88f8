import crypto from 'node:crypto';
import { and, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCEPTED_PHOTOS_TEXT, type ProductPhoto } from '@shop/contract';
import { underAccountCap } from '../../db/account-cap';
import type { Db, Executor } from '../../db/client';
import { order, product, upload } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import type { Storage } from '../../storage';
import { listCover, makePhoto, photoKeys, reservedPhoto, toProductPhoto, UnreadablePhoto, type StoredPhoto } from './process';
import type { PhotoType } from './sniff';

/** An upload no listing uses is deleted after this long (and a photo taken off a listing, this long after). */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60_000;

export const unsupportedPhoto = (why: string) =>
  new AppError(400, 'unsupported_image', `${why} Upload ${ACCEPTED_PHOTOS_TEXT}.`, 'file');

/**
 * Uploaded photos: made (process.ts), stored (storage/), and attached to listings. Other modules
 * call attach / claim / release inside their own transaction, so a listing and its photos change
 * together or not at all.
 */
/**
 * `limits`: photos one owner may upload an hour, and hold on no listing at once (429 past either).
 * Without it (scripts, some tests) there is no cap.
 */
export function photosService({
  db,
  storage,
  log,
  limits,
}: {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  limits?: { perHour: number; unusedMax: number };
}) {
  /**
   * Takes one upload slot of `ownerId` before the costly decode: under the owner's lock (db/account-cap.ts)
   * the caps are counted and, when there is room, a row is reserved for the photo (bytes 0, files still
   * to be made), so parallel uploads each count the ones before them. 429 past the hourly cap or with too
   * many photos on no listing. Without `limits` (scripts, some tests) there is no cap.
   */
  async function reserve(ownerId: string, id: string) {
    await underAccountCap(db, 'uploads', ownerId, async (tx) => {
      if (limits) {
        const [n] = await tx
          .select({
            hour: sql<number>`count(*) filter (where ${upload.createdAt} > now() - interval '1 hour')::int`,
            // When the oldest upload of the last hour leaves it: one more upload is allowed then.
            freeInS: sql<number>`coalesce(extract(epoch from min(${upload.createdAt}) filter (where ${upload.createdAt} > now() - interval '1 hour') + interval '1 hour' - now()), 0)::float8`,
            unused: sql<number>`count(*) filter (where ${upload.productId} is null)::int`,
          })
          .from(upload)
          .where(eq(upload.ownerId, ownerId));
        if ((n?.hour ?? 0) >= limits.perHour)
          throw new AppError(
            429,
            'rate_limited',
            `You uploaded ${limits.perHour} photos in the last hour, the most we take. Try again in ${Math.ceil((n?.freeInS ?? 60) / 60)} minutes.`,
            undefined,
            n?.freeInS ?? 60,
          );
        if ((n?.unused ?? 0) >= limits.unusedMax)
          throw new AppError(
            429,
            'too_many_unused_photos',
            `You have ${limits.unusedMax} uploaded photos that are on no listing. Add them to a listing (or wait: unused photos are deleted a day after upload), then upload more.`,
          );
      }
      await tx.insert(upload).values({ id, ownerId, photo: reservedPhoto(id), bytes: 0 });
    });
  }

  /** The upload rows of `ids`, locked for the transaction; each must be the seller's and free or already this product's. */
  async function lockOwned(tx: Executor, sellerId: string, productId: string, ids: string[], field: string) {
    if (!ids.length) return new Map<string, { usage: 'photo' | 'flaw' | null; photo: StoredPhoto }>();
    const rows = await tx
      .select({
        id: upload.id,
        ownerId: upload.ownerId,
        productId: upload.productId,
        usage: upload.usage,
        photo: upload.photo,
        bytes: upload.bytes,
      })
      .from(upload)
      .where(inArray(upload.id, ids))
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const r = byId.get(id);
      // bytes 0: a reserved row whose photo is still being made (its id is not told before it is done).
      if (!r || r.ownerId !== sellerId || (r.productId !== null && r.productId !== productId) || r.bytes === 0)
        throw badRequest(field, `has a photo that is not yours or no longer exists (${id}); upload it again`);
    }
    return new Map(rows.map((r) => [r.id, { usage: r.usage, photo: r.photo as StoredPhoto }]));
  }

  return {
    storage,

    /**
     * Whether a buyer may add evidence photos to this order: theirs, and held (declining at the meeting) or
     * completed (a dispute). The case that claims the photos checks its own window; this only keeps
     * buyers' uploads tied to an order they can still complain about.
     */
    async mayAddEvidence(buyerId: string, orderId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: order.id })
        .from(order)
        .where(and(eq(order.id, orderId), eq(order.buyerId, buyerId), inArray(order.status, ['paid', 'completed'])))
        .limit(1);
      return !!row;
    },

    /**
     * Makes and stores a photo for `ownerId`. Its slot under the caps is taken first (a reserved row,
     * bytes 0); then the photo is made, its files written and the row filled in. Nothing is half-saved:
     * if anything fails, the files written and the reserved row are deleted. The id is told only once
     * the row is complete, so nothing can attach a photo still being made.
     */
    async upload(ownerId: string, input: Buffer, type: PhotoType): Promise<ProductPhoto & { _id: string }> {
      const id = crypto.randomUUID();
      await reserve(ownerId, id);
      let files: { key: string }[] = [];
      try {
        let made: Awaited<ReturnType<typeof makePhoto>>;
        try {
          made = await makePhoto(id, input, type, ownerId);
        } catch (err) {
          if (err instanceof UnreadablePhoto) throw unsupportedPhoto(err.message);
          throw err;
        }
        const { photo } = made;
        files = made.files;
        await Promise.all(made.files.map((f) => storage.put(f.key, f.body, f.contentType)));
        const done = await db
          .update(upload)
          .set({ photo, bytes: made.files.reduce((n, f) => n + f.body.length, 0) })
          .where(eq(upload.id, id))
          .returning({ id: upload.id });
        if (!done.length) throw new Error('the reserved upload row is gone');
        return { _id: id, ...toProductPhoto(photo) };
      } catch (err) {
        // The slot is given back: the reserved row goes, and any file written with it.
        await db
          .delete(upload)
          .where(eq(upload.id, id))
          .catch((e) => log.error({ err: e, id }, 'could not delete the reserved row of a failed upload'));
        if (files.length)
          await storage
            .delete(files.map((f) => f.key))
            .catch((e) => log.error({ err: e, id }, 'could not delete the files of a failed upload'));
        throw err;
      }
    },

    /**
     * Sets a product's gallery to `ids` (cover first) inside the caller's transaction: every id must be
     * an upload of `sellerId` not used by another product (400 naming `photos` otherwise). Writes
     * product.photos, product.cover and product.img (the cover's URL); the product's photos left out
     * become unused (deleted a day later).
     */
    async attach(tx: Executor, { productId, sellerId, ids }: { productId: string; sellerId: string; ids: string[] }) {
      const rows = await lockOwned(tx, sellerId, productId, ids, 'photos');
      for (const id of ids)
        if (rows.get(id)?.usage === 'flaw') throw badRequest('photos', `has a photo used for a flaw of this listing (${id})`);
      const stored = ids.map((id) => rows.get(id)!.photo);
      const [cover] = stored;
      if (!cover) throw badRequest('photos', 'add at least one photo');
      await tx
        .update(upload)
        .set({ productId: null, usage: null, unusedSince: sql`now()` })
        .where(and(eq(upload.productId, productId), eq(upload.usage, 'photo'), notInArray(upload.id, ids)));
      await tx.update(upload).set({ productId, usage: 'photo', unusedSince: null }).where(inArray(upload.id, ids));
      await tx
        .update(product)
        .set({ photos: stored, cover: listCover(cover), img: toProductPhoto(cover).url })
        .where(eq(product.id, productId));
      return stored.map(toProductPhoto);
    },

    /**
     * One upload for a flaw photo of a product's condition report, inside the caller's transaction:
     * the seller's, not used elsewhere (400 naming `field`); kept while the product uses it.
     */
    async claim(
      tx: Executor,
      { productId, sellerId, id, field }: { productId: string; sellerId: string; id: string; field: string },
    ) {
      const row = (await lockOwned(tx, sellerId, productId, [id], field)).get(id)!;
      if (row.usage === 'photo')
        throw badRequest(field, `is a photo of the listing's gallery (${id}); upload the flaw photo on its own`);
      await tx.update(upload).set({ productId, usage: 'flaw', unusedSince: null }).where(eq(upload.id, id));
      return toProductPhoto(row.photo);
    },

    /** Flaw photos a product no longer uses: unused from now (deleted a day later). */
    async release(tx: Executor, { productId, ids }: { productId: string; ids: string[] }) {
      if (!ids.length) return;
      await tx
        .update(upload)
        .set({ productId: null, usage: null, unusedSince: sql`now()` })
        .where(and(eq(upload.productId, productId), eq(upload.usage, 'flaw'), inArray(upload.id, ids)));
    },

    /**
     * Deletes uploads unused for a day: the rows first (in one statement, so a listing attaching one
     * at the same moment either got it or gets a 400), then their files.
     */
    async cleanup({ now }: { now: Date }) {
      const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_TTL_MS);
      let deleted = 0;
      for (;;) {
        const batch = db
          .select({ id: upload.id })
          .from(upload)
          .where(and(isNull(upload.productId), lt(upload.unusedSince, cutoff)))
          .limit(200);
        const rows = await db
          .delete(upload)
          .where(and(inArray(upload.id, batch), isNull(upload.productId), lt(upload.unusedSince, cutoff)))
          .returning({ photo: upload.photo });
        if (!rows.length) break;
        await storage.delete(rows.flatMap((r) => photoKeys(r.photo as StoredPhoto)));
        deleted += rows.length;
        if (rows.length < 200) break;
      }
      return { deleted };
    },
  };
}

export type PhotosService = ReturnType<typeof photosService>;
