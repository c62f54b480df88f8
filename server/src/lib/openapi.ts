import { errorSchema } from '@shop/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { rateLimitApplies } from './rate-limit';

/**
 * The OpenAPI document's transform: each route's own answers, plus those any route of its kind can
 * give, which no route declares itself: 429 where the per-IP limit counts (lib/rate-limit.ts), and on
 * routes that take a body, 413 past the body limit and 415 for a body that is not JSON (the error
 * handler's payload_too_large and unsupported_media_type). Only the document changes; answers are
 * not serialised through these.
 */
export const openapiTransform: typeof jsonSchemaTransform = (input) => {
  const { schema, url } = input;
  if (!schema || schema.hide || !schema.response) return jsonSchemaTransform(input);
  const common = {
    ...(rateLimitApplies(url) ? { 429: errorSchema } : {}),
    ...(schema.body ? { 413: errorSchema, 415: errorSchema } : {}),
  };
  return jsonSchemaTransform({ ...input, schema: { ...schema, response: { ...common, ...(schema.response as object) } } });
};
