import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text answers of 1 KB and more are compressed, brotli preferred, then gzip. Server-sent events
 * never are (a compressor holds events back until its buffer fills); images and archives are
 * already compressed; the web build's precompressed files carry their Content-Encoding and are
 * left alone. Brotli at quality 4: near gzip's speed on a page of listings, and smaller.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies are read as sent: a compressed body would slip past the 64 KB limit's meaning.
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: (contentType: string) =>
      !contentType.startsWith('text/event-stream') &&
      /^text\/|[/+](json|xml|javascript)(;|$)|^application\/(manifest\+json|javascript)/.test(contentType),
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
