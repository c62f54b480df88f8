import path from 'node:path';
import type { Config } from '../config';

/** The local folder of uploaded photos that a backup carries (none when photos are kept in S3). */
export function mediaDirOf(config: Config): string | undefined {
  return path.join(config.dataDir, 'media');
}
