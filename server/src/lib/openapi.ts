import { errorSchema, MAX_UPLOAD_BYTES } from '@shop/contract';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { idempotencyKeyHeaders } from './idempotency';
import { rateLimitApplies } from './rate-limit';
import { isPublicRoute } from './security';

/**
 * The OpenAPI document's transform: each route's own answers, plus those any route of its kind can
 * give, which no route declares itself: 429 where the per-IP limit counts (lib/rate-limit.ts), on
 * routes that take a body, 413 past the body limit and 415 for a body that is not JSON (the error
 * handler's payload_too_large and unsupported_media_type), and on routes that take an
 * Idempotency-Key, its 409 and 422. Only the document changes; answers are
 * not serialised through these. Routes outside /api (the web app's pages, photos, the development
 * outbox) are pages, not API: they are left out.
 */
export const openapiTransform: typeof jsonSchemaTransform = (input) => {
  const { schema, url } = input;
  if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
  if (!schema || schema.hide || !schema.response) return jsonSchemaTransform(input);
  const common = {
    ...(rateLimitApplies(url) ? { 429: errorSchema } : {}),
    ...(schema.body ? { 413: errorSchema, 415: errorSchema } : {}),
    // Routes that take an Idempotency-Key (lib/idempotency.ts): a repeat while the first is under way, a key reused.
    ...(schema.headers === idempotencyKeyHeaders
      ? {
          409: errorSchema.describe('request_in_progress: the same request with this Idempotency-Key is under way (Retry-After)'),
          422: errorSchema.describe('idempotency_key_reused: this Idempotency-Key came with another request'),
        }
      : {}),
    500: errorSchema,
  };
  return jsonSchemaTransform({ ...input, schema: { ...schema, response: { ...common, ...(schema.response as object) } } });
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  system: 'Probes and the sign-in methods on offer',
  catalog: 'Categories, listings and the advertised listings',
  photos: 'Listing photo uploads',
  listing: "A seller's own listing: edit, unlist, relist, mark sold, bookings",
  users: 'Accounts, roles and seller verification',
  orders: 'Bookings and the hand-off at the meeting',
  me: "The signed-in account's own settings",
  audit: "The admin's audit log",
  talk: 'Conversations, live events, notifications, saved searches and price watches',
  reviews: 'Reviews and public seller pages',
  moderation: 'Reports and the moderation queue',
  payments: 'Payments (Stripe or the simulated provider)',
  devices: 'The device catalogue, forgiving search, facets, the price guide and the stolen-device register',
};

/** Maximum lengths the server itself enforces on any input that reaches a route, where the schema names none. */
const FRAMEWORK_MAX_LENGTH = {
  // Fastify's maxParamLength (app.ts): a longer path segment is no route at all.
  path: 300,
  // Node's 16 KB header limit bounds the whole request line.
  query: 16 * 1024,
  // The 64 KB body limit (app.ts).
  body: 64 * 1024,
} as const;
const MAX_ITEMS_IN_BODY = FRAMEWORK_MAX_LENGTH.body / 2;

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Json[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; headers?: Json; content?: unknown }>;
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `GET /products/{id}/own` → `getProductsByIdOwn`: stable, unique, and readable in generated clients. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((seg) => {
      const param = /^\{(.+)\}$/.exec(seg);
      return param?.[1] ? ['by', param[1]] : seg.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join('');
}

/** Adds the framework's bounds to input schemas that name none (strings, arrays, integers). */
function bound(schema: unknown, maxLength: number, seen = new Set<unknown>()): void {
  if (!isObject(schema) || seen.has(schema)) return;
  seen.add(schema);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string') && schema.maxLength === undefined && !schema.enum && schema.const === undefined)
    schema.maxLength = maxLength;
  if (types.includes('array') && schema.maxItems === undefined) schema.maxItems = MAX_ITEMS_IN_BODY;
  for (const v of Object.values(schema)) {
    if (Array.isArray(v)) for (const item of v) bound(item, maxLength, seen);
    else bound(v, maxLength, seen);
  }
}

/**
 * Integers the server reads and writes are JavaScript numbers: exact within ±(2^53 − 1), which is
 * the bound where a schema names none (counts, cents, sizes).
 */
function integerFormats(node: unknown): void {
  if (Array.isArray(node)) for (const v of node) integerFormats(v);
  if (!isObject(node)) return;
  if (node.type === 'integer') {
    node.format ??= 'int64';
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) node.minimum = Number.MIN_SAFE_INTEGER;
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = Number.MAX_SAFE_INTEGER;
  }
  for (const v of Object.values(node)) integerFormats(v);
}

const PAGING_HEADERS = {
  Link: {
    description: 'The next page: `<same URL with the next cursor>; rel="next"`, absent on the last page',
    schema: { type: 'string', maxLength: 4096 },
  },
  'X-Total-Count': {
    description: 'How many items the whole list holds, on lists that count them',
    schema: { type: 'integer', format: 'int64', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  },
};
const count = { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 };
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed per minute from this client', schema: count },
  'X-RateLimit-Remaining': { description: 'Requests left in this minute', schema: count },
  'X-RateLimit-Reset': { description: 'Seconds until the minute starts over', schema: count },
};
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: count } };

const DEFAULT_DESCRIPTIONS: Record<string, string> = {
  '401': 'No session, or it has ended: sign in',
  '403': 'Signed in, but this account may not do that',
  '404': 'No such item (or not one this account may see)',
  '413': 'The body is larger than 64 KB',
  '415': 'The body is not JSON',
  '429': 'Too many requests from this client: wait Retry-After seconds',
  '500': 'Something went wrong on the server; the answer carries a requestId to quote',
};

/** Only the components some operation still refers to (the zod registry holds every shared schema). */
function dropUnusedSchemas(doc: Json) {
  const components = isObject(doc.components) ? doc.components : undefined;
  const schemas = components && isObject(components.schemas) ? components.schemas : undefined;
  if (!components || !schemas) return;
  const used = new Set<string>();
  const visit = (text: string) => {
    for (const m of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const name = m[1];
      if (name && !used.has(name)) {
        used.add(name);
        visit(JSON.stringify(schemas[name]));
      }
    }
  };
  visit(JSON.stringify(doc.paths));
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/**
 * The document's finishing pass, over the whole of it: each operation gets an operationId, its
 * security (the session cookie, or `[]` on public operations), its tags declared, the paging headers
 * on keyset lists, the rate-limit headers on every answer the per-IP limit counts, and bounds on inputs.
 */
export const openapiTransformObject: typeof jsonSchemaTransformObject = (input) => {
  const doc = jsonSchemaTransformObject(input) as Json;
  const paths = (isObject(doc.paths) ? doc.paths : {}) as Record<string, Record<string, Operation>>;
  const tags = new Set<string>();
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!isObject(op)) continue;
      op.operationId ??= operationIdOf(method, path);
      // The same rule the auth plugin applies before a route reads its input (lib/security.ts). Under
      // /admin the session must be an admin's: a requirement of its own, as the OWASP rules ask.
      op.security = isPublicRoute(method.toUpperCase(), `/api${path.replace(/\{([^}]+)\}/g, ':$1')}`)
        ? []
        : path.startsWith('/admin/')
          ? [{ adminSession: [] }]
          : [{ session: [] }];
      for (const t of op.tags ?? []) tags.add(t);
      const limited = rateLimitApplies(`/api${path.replace(/\{[^}]+\}/g, 'x')}`);
      const paged = (op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'cursor');
      for (const p of op.parameters ?? []) {
        const where = p.in === 'path' ? 'path' : 'query';
        bound(p.schema, FRAMEWORK_MAX_LENGTH[where]);
      }
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        bound(media.schema, type === 'multipart/form-data' ? MAX_UPLOAD_BYTES : FRAMEWORK_MAX_LENGTH.body);
      for (const [status, res] of Object.entries(op.responses ?? {})) {
        res.description =
          res.description && res.description !== 'Default Response'
            ? res.description
            : (DEFAULT_DESCRIPTIONS[status] ?? res.description);
        const headers = {
          ...(res.headers ?? {}),
          ...(limited && /^[24]/.test(status) ? RATE_LIMIT_HEADERS : {}),
          ...(status === '429' ? RETRY_AFTER : {}),
          ...(paged && status === '200' ? PAGING_HEADERS : {}),
        };
        if (Object.keys(headers).length) res.headers = headers;
      }
    }
  }
  // The zod registry's request-side variants (ProductInput ...) are bodies too.
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) if (name.endsWith('Input')) bound(schema, FRAMEWORK_MAX_LENGTH.body);
  integerFormats(doc);
  if (isObject(doc.components) && isObject(doc.components.securitySchemes))
    doc.components.securitySchemes.adminSession = {
      type: 'apiKey',
      in: 'cookie',
      name: 'better-auth.session_token',
      description:
        "The session cookie of an admin account (with two-factor sign-in on, where REQUIRE_ADMIN_2FA asks for it); anyone else's is 403.",
    };
  doc.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  // The API is public (its callers are the shop's web app and anyone else): no server is internal-only.
  if (Array.isArray(doc.servers))
    doc.servers = doc.servers.map((server: unknown) => ({ ...(server as Json), 'x-internal': false }));
  dropUnusedSchemas(doc);
  return doc as ReturnType<typeof jsonSchemaTransformObject>;
};
