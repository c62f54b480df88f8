import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A route's serializer for its 200 answer: Fastify's own fast-json-stringify, compiled from the JSON
 * Schema of the route's zod response schema. It writes exactly the declared fields, in their
 * declared types, without re-validating the answer first (the app-wide zod serializer parses every
 * product of a page again, which doubled the allocations of the shop's hottest call). Other
 * statuses (errors) keep the app-wide serializer.
 */
export const schemaSerializer: FastifySerializerCompiler<FastifySchema> = (route) => {
  // Fastify types a route's compiler with the route's whole schema; what it is given is the response schema of one status.
  const response = { ...route, schema: route.schema as unknown as z.ZodType };
  if (String(route.httpStatus) !== '200') return zodSerializerCompiler(response);
  return fastJson(z.toJSONSchema(response.schema, { target: 'draft-7', io: 'output' }) as Parameters<typeof fastJson>[0]);
};
