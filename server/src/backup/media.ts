import type { Config } from '../config';

/**
 * Where the uploaded photos a backup covers are: a local folder (MEDIA_DIR, by default DATA_DIR/media),
 * copied into the archive, or an S3 bucket, only named in it (the bucket keeps its own history:
 * versioning, replication).
 */
export function mediaOf(config: Config): { mediaDir?: string; s3Bucket?: string } {
  return config.storage.kind === 'disk' ? { mediaDir: config.storage.dir } : { s3Bucket: config.storage.bucket };
}
