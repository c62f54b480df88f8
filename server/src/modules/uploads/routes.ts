import type { FastifyPluginAsync } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCEPTED_PHOTOS_TEXT, errorSchema, MAX_UPLOAD_BYTES, uploadResultSchema } from '@shop/contract';
import { requireUser, requireVerifiedEmail } from '../../auth/plugin';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import type { Storage } from '../../storage';
import type { PhotosService } from './service';
import { unsupportedPhoto } from './service';
import { sniffPhotoType, type PhotoType } from './sniff';

const MB = MAX_UPLOAD_BYTES / 1024 / 1024;
const tooLarge = () => new AppError(413, 'file_too_large', `file must be at most ${MB} MB.`, 'file');

/** The body as documented (OpenAPI): the route reads the multipart stream itself. */
const uploadBody = z.object({ file: z.file().describe(`one photo: ${ACCEPTED_PHOTOS_TEXT}, at most ${MB} MB`) });
const uploadQuery = z.object({
  orderId: z
    .uuid({ message: 'must be a valid id' })
    .optional()
    .describe('buyers only: their held or completed order the photo shows a problem with (declining at the meeting, a dispute)'),
});

export const uploadsRoutes: FastifyPluginAsyncZod<{ photos: PhotosService }> = async (app, { photos }) => {
  // Multipart only here: every other route keeps taking JSON alone.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/uploads',
    {
      schema: {
        tags: ['photos'],
        summary: `Upload one photo for a listing (sellers) or of a problem with an order (its buyer): ${ACCEPTED_PHOTOS_TEXT}, at most ${MB} MB, stored without its metadata`,
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
        body: uploadBody,
        response: {
          201: uploadResultSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          413: errorSchema,
          429: errorSchema.describe(
            'Too many uploads: past UPLOADS_PER_HOUR this hour (rate_limited), or UNUSED_UPLOADS_MAX photos on no listing yet (too_many_unused_photos); or the per-IP limit',
          ),
        },
      },
      // The body is a stream read by the handler; the schema above only documents it.
      validatorCompiler: () => (value) => ({ value }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      if (user.role !== 'seller') {
        // A buyer adds photos only as evidence for an order of theirs that can still be declined or disputed.
        const query = uploadQuery.safeParse(request.query);
        if (!query.success) throw badRequest('orderId', 'must be a valid id');
        const { orderId } = query.data;
        if (user.role === 'admin' || !orderId)
          throw forbidden(
            'Only seller accounts can upload listing photos; a buyer adds photos to a held or completed order of theirs.',
          );
        if (!(await photos.mayAddEvidence(user.id, orderId)))
          throw forbidden('Photos can be added only to your own order while its payment is held or after the hand-off.');
      }
      requireVerifiedEmail(user, 'upload photos');
      if (!request.isMultipart()) throw badRequest('file', 'must be sent as multipart/form-data');
      let input: Buffer;
      let type: PhotoType | null = null;
      try {
        const part = await request.file();
        if (part?.fieldname !== 'file') throw badRequest('file', 'is required');
        const chunks: Buffer[] = [];
        let head = Buffer.alloc(0);
        let sniffed = false;
        let truncated = false;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          // Past the size limit the stream is cut: what came is dropped, the rest of the request drains.
          if (truncated || part.file.truncated) {
            truncated = true;
            chunks.length = 0;
            continue;
          }
          if (!sniffed) {
            head = Buffer.concat([head, chunk]);
            if (head.length >= 32) {
              sniffed = true;
              type = sniffPhotoType(head);
            }
          }
          // A file that is not a photo is read to its end (the request must finish) but not kept.
          if (!sniffed || type) chunks.push(chunk);
        }
        if (truncated || part.file.truncated) throw tooLarge();
        if (!sniffed) type = sniffPhotoType(head);
        input = Buffer.concat(chunks);
      } catch (err) {
        if (err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (err instanceof Error && 'code' in err && err.code === 'FST_PARTS_LIMIT')
          throw badRequest('file', 'send one file only');
        throw err;
      }
      if (!type) throw unsupportedPhoto('This file is not a photo we can read.');
      const result = await photos.upload(user.id, input, type);
      return reply.code(201).send(result);
    },
  );
};

const KEY_PARAMS = z.object({
  id: z.uuid(),
  file: z.string().regex(/^\d{1,4}\.(webp|avif)$/),
});

/**
 * GET /media/p/<id>/<width>.<format>: a stored photo. Keys never change content, so answers are
 * cached for a year and revalidated by ETag; any instance serves any photo (shared folder or bucket).
 */
export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  app.get('/media/p/:id/:file', { schema: { hide: true } }, async (request, reply) => {
    const params = KEY_PARAMS.safeParse(request.params);
    if (!params.success) return reply.code(404).send({ error: 'not_found', message: 'No such photo.' });
    const key = `p/${params.data.id}/${params.data.file}`;
    const ifNoneMatch = request.headers['if-none-match'];
    const found = await storage.get(key, typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined);
    if (!found) return reply.code(404).send({ error: 'not_found', message: 'No such photo.' });
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    if (found === 'not-modified') {
      if (typeof ifNoneMatch === 'string') reply.header('etag', ifNoneMatch);
      return reply.code(304).send();
    }
    return reply
      .header('etag', found.etag)
      .header('content-type', found.contentType)
      .header('content-length', String(found.size))
      .send(found.body);
  });
};
