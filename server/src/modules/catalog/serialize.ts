import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * A product list's serializer for its 200 answer: JSON.stringify of the page the service built. The
 * service's mapping (catalog/service.ts toProduct) is typed as the contract's Product, so it carries
 * exactly the declared fields; test/catalog-filters.test.ts compares every list row with the product
 * page, which the app-wide zod serializer checks against the schema. Re-validating each product (the
 * zod serializer) doubled the allocations of the shop's hottest call, and fast-json-stringify's
 * escaping of long strings (descriptions, srcsets) cost ~40 us more a page than V8's own
 * JSON.stringify (issue 29's profile). Other statuses (errors) keep the app-wide serializer.
 */
export const schemaSerializer: FastifySerializerCompiler<FastifySchema> = (route) => {
  if (String(route.httpStatus) !== '200')
    // Fastify types a route's compiler with the route's whole schema; what it is given is the response schema of one status.
    return zodSerializerCompiler({ ...route, schema: route.schema as unknown as z.ZodType });
  return (data) => JSON.stringify(data);
};
