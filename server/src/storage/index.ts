import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '../config';

/** A stored file as the media route serves it. */
export type StoredObject = { body: Readable; size: number; contentType: string; etag: string };

/**
 * Where uploaded photos live: a folder (MEDIA_DIR, by default DATA_DIR/media) or an S3-compatible
 * bucket, so several instances share them. Keys are immutable: a key is written once and never
 * changed, only deleted.
 */
export type Storage = {
  kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or 'not-modified' when `ifNoneMatch` is its ETag, or undefined when there is none. */
  get(key: string, ifNoneMatch?: string): Promise<StoredObject | 'not-modified' | undefined>;
  /** Deletes the keys (missing ones are fine). */
  delete(keys: string[]): Promise<void>;
};

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.avif': 'image/avif', '.jpg': 'image/jpeg' };
const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream';

export function createStorage(config: Config['storage']): Storage {
  return config.kind === 's3' ? s3Storage(config) : diskStorage(config.dir);
}

/**
 * Files under a folder. A file is written beside its final name and renamed into place, so a reader
 * (or an instance sharing the folder) never sees half a file. Keys never change content, so the
 * ETag is a hash of the key and size.
 */
function diskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(`${path.resolve(root)}${path.sep}`)) throw new Error(`storage key outside the folder: ${key}`);
    return file;
  };
  const etagOf = (key: string, size: number) =>
    `"${crypto.createHash('sha1').update(`${key}:${size}`).digest('base64url').slice(0, 22)}"`;
  return {
    kind: 'disk',
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${crypto.randomUUID()}.tmp`;
      try {
        await fs.promises.writeFile(tmp, body);
        await fs.promises.rename(tmp, file);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key, ifNoneMatch) {
      const file = fileOf(key);
      let stat: fs.Stats;
      try {
        stat = await fs.promises.stat(file);
      } catch {
        return undefined;
      }
      const etag = etagOf(key, stat.size);
      if (ifNoneMatch === etag) return 'not-modified';
      return { body: fs.createReadStream(file), size: stat.size, contentType: contentTypeOf(key), etag };
    },
    async delete(keys) {
      const dirs = new Set<string>();
      await Promise.all(
        keys.map(async (key) => {
          const file = fileOf(key);
          dirs.add(path.dirname(file));
          await fs.promises.rm(file, { force: true });
        }),
      );
      // The folder of an upload goes with its last file (rmdir refuses a folder that is not empty).
      await Promise.all([...dirs].map((d) => fs.promises.rmdir(d).catch(() => {})));
    },
  };
}

function s3Storage(cfg: Extract<Config['storage'], { kind: 's3' }>): Storage {
  const client = new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle,
    ...(cfg.accessKeyId && cfg.secretAccessKey
      ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } }
      : {}),
    // Checksums only where the API requires them: S3-compatible stores (s3rver, older MinIO) refuse the
    // SDK's default CRC32 trailers on PutObject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = cfg.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    },
    async get(key, ifNoneMatch) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket, Key: key, IfNoneMatch: ifNoneMatch }));
        if (!r.Body) return undefined;
        return {
          body: r.Body as Readable,
          size: r.ContentLength ?? 0,
          contentType: r.ContentType ?? contentTypeOf(key),
          etag: r.ETag ?? '',
        };
      } catch (err) {
        const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
        if (status === 304) return 'not-modified';
        if (status === 404) return undefined;
        throw err;
      }
    },
    async delete(keys) {
      // One call per key: DeleteObjects needs a Content-MD5 that not every S3-compatible store agrees on,
      // and an upload has only a handful of files.
      await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
    },
  };
}
