/**
 * A property-based fuzzer of the shop's HTTP API, driven by its own OpenAPI document: for every
 * operation it generates requests from the published parameter and body schemas, and broken variants
 * of them (wrong types, missing or unknown fields, huge and odd unicode strings, negative and
 * out-of-range numbers, ids that are not ids or name nothing), sent as each role. Every answer must be
 * below 500 and match the schema the document publishes for its status (a status the document does
 * not list is a break too).
 */
import fc from 'fast-check';
import { z } from 'zod';
import type { Client } from '../helpers/client';
import type { Role } from './shop';

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
export type OpenApiDoc = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
  servers?: { url: string }[];
};

export type Finding = {
  kind: '5xx' | 'schema' | 'undocumented-status' | 'no-answer';
  route: string;
  role: Role;
  request: string;
  status: number;
  answer: string;
  detail?: string;
};

export type FuzzReport = {
  runs: number;
  seed: number;
  operations: number;
  statuses: Record<string, number>;
  perRoute: Record<string, number>;
  findings: Finding[];
};

const ROLES: Role[] = ['anonymous', 'buyer', 'seller', 'admin'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Values that break assumptions: types, sizes, encodings, numbers and ids a program does not expect. */
const HOSTILE: unknown[] = [
  null,
  true,
  0,
  -1,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  1.5,
  '',
  ' ',
  '0',
  '-1',
  'NaN',
  '1e400',
  'null',
  'x'.repeat(100_000),
  'ü'.repeat(5000),
  '𝕏̸̢͔'.repeat(200),
  '\u202e\u200b\ufeff',
  '\ud800',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../../etc/passwd',
  '%00',
  '１２３',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '11111111-1111-1111-1111-111111111111',
  [],
  [1, 'a', null],
  {},
  { $gt: '' },
];

const hostile = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 50 }) },
    { weight: 1, arbitrary: fc.integer({ min: -2_000_000_000, max: -1 }) },
    { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  );

/** A JSON Schema of the document turned into a generator of values it accepts (close to: patterns within reason). */
class Generators {
  constructor(
    private readonly doc: OpenApiDoc,
    private readonly ids: string[],
  ) {}

  private resolve(s: Schema): Schema {
    let cur = s;
    for (let i = 0; cur.$ref && i < 10; i++) {
      const name = cur.$ref.replace('#/components/schemas/', '');
      cur = this.doc.components?.schemas?.[name] ?? {};
    }
    return cur;
  }

  valid(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
    if (!schema) return fc.constant(undefined);
    const s = this.resolve(schema);
    const inner = this.validInner(s, depth);
    return s.nullable ? fc.option(inner, { nil: null, freq: 8 }) : inner;
  }

  private validInner(s: Schema, depth: number): fc.Arbitrary<unknown> {
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum?.length) return fc.constantFrom(...s.enum);
    const alts = s.anyOf ?? s.oneOf;
    if (alts?.length) return fc.oneof(...alts.map((a) => this.valid(a, depth + 1)));
    if (s.allOf?.length) return this.valid(Object.assign({}, ...s.allOf.map((a) => this.resolve(a))), depth + 1);
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    switch (type) {
      case 'string':
        return this.string(s);
      case 'integer': {
        const min = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : (s.minimum ?? -1000);
        const max = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : (s.maximum ?? 100_000);
        return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
      }
      case 'number': {
        const min = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 0.01 : (s.minimum ?? -1000);
        const max = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 0.01 : (s.maximum ?? 100_000);
        return fc.oneof(
          fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }),
          fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true }),
        );
      }
      case 'boolean':
        return fc.boolean();
      case 'array': {
        if (depth > 4) return fc.constant([]);
        const min = s.minItems ?? 0;
        const max = Math.max(min, Math.min(s.maxItems ?? 4, 8));
        const item = this.valid(s.items ?? {}, depth + 1);
        return s.uniqueItems
          ? fc.uniqueArray(item, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) })
          : fc.array(item, { minLength: min, maxLength: max });
      }
      case 'object': {
        if (depth > 4) return fc.constant({});
        const props = Object.entries(s.properties ?? {});
        if (!props.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
        return fc.record(Object.fromEntries(props.map(([k, v]) => [k, this.valid(v, depth + 1)])), {
          requiredKeys: (s.required ?? []).filter((k) => props.some(([p]) => p === k)),
        });
      }
      case 'null':
        return fc.constant(null);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private string(s: Schema): fc.Arbitrary<string> {
    const max = s.maxLength ?? 40;
    const min = s.minLength ?? 0;
    if (s.format === 'uuid')
      return this.ids.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...this.ids) }, fc.uuid()) : fc.uuid();
    if (s.format === 'email') return fc.emailAddress().filter((e) => e.length >= min && e.length <= max);
    if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    if (s.format === 'uri' || s.format === 'url') return fc.webUrl().filter((u) => u.length <= max);
    if (s.pattern) {
      try {
        const re = new RegExp(s.pattern);
        return fc
          .stringMatching(re)
          .map((v) => v.slice(0, max))
          .filter((v) => v.length >= min && re.test(v));
      } catch {
        /* a pattern JavaScript cannot read: plain strings below */
      }
    }
    return fc.oneof(
      fc.string({ minLength: min, maxLength: Math.min(max, 60) }),
      fc.string({ minLength: min, maxLength: Math.min(max, 60), unit: 'grapheme' }),
    );
  }

  /** A value of the schema made wrong in one way: a field of the wrong type, missing, unknown, or the whole value replaced. */
  broken(schema: Schema | undefined): fc.Arbitrary<unknown> {
    const base = this.valid(schema);
    return fc.oneof(
      hostile(),
      fc.tuple(base, fc.nat(), hostile()).map(([v, n, bad]) => replaceOne(v, n, bad)),
      fc.tuple(base, fc.nat()).map(([v, n]) => removeOne(v, n)),
      fc
        .tuple(base, fc.string({ maxLength: 20 }), hostile())
        .map(([v, k, bad]) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v, [k]: bad } : v)),
    );
  }
}

/** Every object/array slot in a value, for picking one to change. */
function slots(v: unknown, out: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = []) {
  if (Array.isArray(v))
    v.forEach((x, i) => {
      out.push({ parent: v, key: i });
      slots(x, out);
    });
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.push({ parent: v as Record<string, unknown>, key: k });
      slots(x, out);
    }
  return out;
}

function replaceOne(v: unknown, n: number, bad: unknown): unknown {
  const copy = structuredClone(v);
  const all = slots(copy);
  if (!all.length) return bad;
  const slot = all[n % all.length]!;
  (slot.parent as Record<string | number, unknown>)[slot.key] = bad;
  return copy;
}

function removeOne(v: unknown, n: number): unknown {
  const copy = structuredClone(v);
  const all = slots(copy).filter((s) => !Array.isArray(s.parent));
  if (!all.length) return undefined;
  const slot = all[n % all.length]!;
  delete (slot.parent as Record<string, unknown>)[slot.key as string];
  return copy;
}

type Planned = {
  op: { method: string; template: string; operation: Operation };
  role: Role;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  bodyKind: 'json' | 'multipart' | 'none';
  /** A JSON body sent as text/plain: not the media type the route reads. */
  textBody: boolean;
  broken: boolean;
};

function operations(doc: OpenApiDoc) {
  const out: { method: string; template: string; operation: Operation }[] = [];
  for (const [template, item] of Object.entries(doc.paths))
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) out.push({ method, template, operation });
    }
  return out;
}

/** encodeURIComponent, except that a lone surrogate (not UTF-16 text) goes as the bytes a careless encoder would send. */
function encodePart(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s].map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

/**
 * A parameter as URL text, at most 1000 characters: a longer URL is refused by Node's HTTP parser
 * (431, 16 KB of headers) or the proxy in front (414) before the shop sees it. Huge strings go in bodies.
 */
function asParam(v: unknown): string {
  if (v === undefined) return '';
  return (typeof v === 'string' ? v : JSON.stringify(v)).slice(0, 1000);
}

function truncate(s: string, n = 400): string {
  return s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
}

/** The document's schemas as zod validators of answers, keyed "METHOD template status". */
function answerValidators(doc: OpenApiDoc) {
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [
          k,
          k === '$ref' && typeof x === 'string' ? x.replace('#/components/schemas/', '#/definitions/') : rewrite(x),
        ]),
      );
    return v;
  };
  const definitions = rewrite(doc.components?.schemas ?? {});
  const cache = new Map<string, z.ZodType | Error>();
  return (key: string, schema: Schema): z.ZodType | Error => {
    let v = cache.get(key);
    if (!v) {
      try {
        v = z.fromJSONSchema({ ...(rewrite(schema) as object), definitions } as Parameters<typeof z.fromJSONSchema>[0], {
          defaultTarget: 'openapi-3.0',
        });
      } catch (err) {
        v = err as Error;
      }
      cache.set(key, v);
    }
    return v;
  };
}

export async function fuzzApi(opts: {
  baseUrl: string;
  clients: Record<Role, Client>;
  ids: string[];
  runs: number;
  seed?: number;
  /** Called every 500 runs. */
  progress?: (done: number, findings: number) => void;
}): Promise<FuzzReport> {
  const anonymous = opts.clients.anonymous;
  const docRes = await anonymous.get<OpenApiDoc>('/api/openapi.json');
  if (docRes.status !== 200) throw new Error(`GET /api/openapi.json answered ${docRes.status}`);
  const doc = docRes.body;
  const prefix = doc.servers?.[0]?.url ?? '/api';
  const ops = operations(doc);
  const gen = new Generators(doc, opts.ids);
  const validator = answerValidators(doc);
  // The checker checks: a published error schema must refuse what is not an error answer.
  const selfTest = validator('self-test', { $ref: '#/components/schemas/Error' });
  if (
    selfTest instanceof Error ||
    selfTest.safeParse({ error: 1 }).success ||
    !selfTest.safeParse({ error: 'x', message: 'y' }).success
  )
    throw new Error('The answer validator does not check the published Error schema: the fuzzer would miss schema breaks.');

  const plan: fc.Arbitrary<Planned> = fc
    .tuple(fc.constantFrom(...ops), fc.constantFrom(...ROLES), fc.boolean())
    .chain(([op, role, broken]) => {
      const params = op.operation.parameters ?? [];
      const paramArb = (where: 'path' | 'query') =>
        fc.record(
          Object.fromEntries(
            params
              .filter((p) => p.in === where)
              .map((p) => [p.name, broken ? fc.oneof(gen.valid(p.schema), gen.broken(p.schema)) : gen.valid(p.schema)]),
          ),
          {
            requiredKeys: params.filter((p) => p.in === where && (p.required || where === 'path')).map((p) => p.name),
          },
        );
      const content = op.operation.requestBody?.content ?? {};
      const jsonSchema = content['application/json']?.schema;
      const bodyKind: Planned['bodyKind'] = jsonSchema ? 'json' : content['multipart/form-data'] ? 'multipart' : 'none';
      const bodyArb: fc.Arbitrary<unknown> =
        bodyKind === 'json'
          ? broken
            ? gen.broken(jsonSchema)
            : gen.valid(jsonSchema)
          : bodyKind === 'multipart'
            ? fc.record({
                field: broken ? fc.constantFrom('file', 'photo', '') : fc.constant('file'),
                type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', ''),
                bytes: fc.oneof(fc.constant(TINY_PNG), fc.uint8Array({ maxLength: 2048 })),
              })
            : fc.constant(undefined);
      return fc.record({
        op: fc.constant(op),
        role: fc.constant(role),
        path: paramArb('path'),
        query: paramArb('query'),
        body: bodyArb,
        bodyKind: fc.constant(bodyKind),
        textBody: broken && bodyKind === 'json' ? fc.integer({ min: 0, max: 9 }).map((n) => n === 0) : fc.constant(false),
        broken: fc.constant(broken),
      });
    });

  const seed = opts.seed ?? Date.now() ^ (Math.random() * 0x7fffffff);
  const report: FuzzReport = { runs: 0, seed, operations: ops.length, statuses: {}, perRoute: {}, findings: [] };
  const seen = new Set<string>();
  const record = (f: Finding) => {
    const key = `${f.kind} ${f.route} ${f.status} ${f.detail?.slice(0, 120) ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    report.findings.push(f);
  };

  await fc.assert(
    fc.asyncProperty(plan, async (p) => {
      const route = `${p.op.method.toUpperCase()} ${p.op.template}`;
      let url = prefix + p.op.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodePart(asParam(p.path[name])));
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(p.query)) if (v !== undefined) qs.append(k, asParam(v));
      if ([...qs].length) url += `?${qs}`;
      const client = opts.clients[p.role];
      const requestText = truncate(
        `${p.role} ${p.op.method.toUpperCase()} ${url}${p.body !== undefined && p.bodyKind === 'json' ? ` ${p.textBody ? '(as text/plain) ' : ''}${truncate(JSON.stringify(p.body) ?? '', 300)}` : ''}`,
        600,
      );
      if (process.env.FUZZ_TRACE) console.error(`-> ${truncate(requestText, 200)}`);
      let res: Awaited<ReturnType<typeof send>>;
      try {
        res = await send(client, p, url);
      } catch (err) {
        record({ kind: 'no-answer', route, role: p.role, request: requestText, status: 0, answer: String(err) });
        return true;
      }
      report.runs++;
      report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
      report.perRoute[route] = (report.perRoute[route] ?? 0) + 1;
      if (report.runs % 500 === 0) opts.progress?.(report.runs, report.findings.length);
      const answer = truncate(typeof res.body === 'string' ? res.body : JSON.stringify(res.body));
      if (res.status >= 500) record({ kind: '5xx', route, role: p.role, request: requestText, status: res.status, answer });
      const documented = p.op.operation.responses?.[String(res.status)] ?? p.op.operation.responses?.default;
      if (!documented) {
        record({ kind: 'undocumented-status', route, role: p.role, request: requestText, status: res.status, answer });
        return true;
      }
      const schema = documented.content?.['application/json']?.schema;
      if (!schema || res.stream) return true;
      const v = validator(`${route} ${res.status}`, schema);
      if (v instanceof Error) {
        record({
          kind: 'schema',
          route,
          role: p.role,
          request: requestText,
          status: res.status,
          answer,
          detail: `the published schema cannot be read: ${v.message}`,
        });
        return true;
      }
      const parsed = v.safeParse(res.body);
      if (!parsed.success)
        record({
          kind: 'schema',
          route,
          role: p.role,
          request: requestText,
          status: res.status,
          answer,
          detail: parsed.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
            .join('; '),
        });
      return true;
    }),
    { numRuns: opts.runs, seed },
  );
  return report;
}

/** A 1x1 PNG: an upload the image pipeline accepts. */
const TINY_PNG = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

async function send(client: Client, p: Planned, url: string): Promise<{ status: number; body: unknown; stream?: boolean }> {
  const method = p.op.method.toUpperCase();
  if (p.bodyKind === 'multipart') {
    const b = p.body as { field: string; type: string; bytes: Uint8Array };
    const form = new FormData();
    form.append(b.field, new Blob([Buffer.from(b.bytes)], { type: b.type }), 'photo.png');
    const res = await client.postForm(url, form);
    return { status: res.status, body: res.body };
  }
  const json = p.bodyKind === 'json' && p.body !== undefined;
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), 30_000);
  try {
    const res = await client.raw(method, url, {
      signal: ac.signal,
      body: json ? JSON.stringify(p.body) : undefined,
      headers: json ? { 'content-type': p.textBody ? 'text/plain' : 'application/json' } : {},
    });
    // An event stream never ends: its status and headers are the answer; the body is left unread.
    if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      ac.abort();
      return { status: res.status, body: null, stream: true };
    }
    return { status: res.status, body: parseMaybe(await res.text()) };
  } finally {
    clearTimeout(timer);
  }
}

function parseMaybe(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
