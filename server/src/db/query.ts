import { protocol, types, type PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Plain SQL with bound parameters, on either driver. With a `name` the statement is prepared: parsed
 * and planned once per connection, then only bound and executed (for hot queries whose planning
 * costs as much as running them). Without one it is parsed and planned for these very values each
 * time (for queries whose best plan depends on them). Values go as parameters, never into the text.
 * Outside transactions only: on PostgreSQL it takes a pooled connection of its own, and on PGlite it
 * waits for any transaction in progress to end (called from inside one, it would wait forever).
 */
export type Query = <Row extends Record<string, unknown>>(
  name: string | undefined,
  text: string,
  values?: readonly unknown[],
) => Promise<Row[]>;

/** node-postgres: named statements are prepared once on each pooled connection. */
export function postgresQuery(pool: pg.Pool): Query {
  return async <Row extends Record<string, unknown>>(name: string | undefined, text: string, values: readonly unknown[] = []) =>
    (await pool.query<Row>(name ? { name, text, values: [...values] } : { text, values: [...values] })).rows;
}

type Column = { name: string; parse: (text: string, typeId: number) => unknown; typeId: number };
/** What the database said of a parsed statement: its parameters' types and its result columns. */
type Statement = { text: string; paramTypes: number[]; columns: Column[] };

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'

/** The fields of an ErrorResponse, by their one-letter codes, as pg-protocol names them. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/**
 * The rows of the backend's answer to Bind, Execute, Sync (text format), decoded straight from its
 * bytes: PGlite's own parser copies every field into a new buffer before decoding it, which cost
 * more than the query itself for a page of products. An ErrorResponse becomes the DatabaseError
 * PGlite's `query` would throw.
 */
function readRows<Row>(out: Uint8Array, columns: Column[]): Row[] {
  const buf = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  const rows: Row[] = [];
  let at = 0;
  while (at + 5 <= buf.length) {
    const type = buf[at];
    const end = at + 1 + buf.readInt32BE(at + 1);
    if (type === DATA_ROW) {
      let p = at + 7; // type, length, column count
      const row: Record<string, unknown> = {};
      for (const column of columns) {
        const n = buf.readInt32BE(p);
        p += 4;
        if (n < 0) row[column.name] = null;
        else {
          row[column.name] = column.parse(buf.toString('utf8', p, p + n), column.typeId);
          p += n;
        }
      }
      rows.push(row as Row);
    } else if (type === ERROR_RESPONSE) throw readError(buf, at + 5, end);
    at = end;
  }
  return rows;
}

function readError(buf: Buffer, start: number, end: number): Error {
  const fields: Record<string, string> = {};
  let p = start;
  while (p < end && buf[p] !== 0) {
    const code = String.fromCharCode(buf.readUInt8(p));
    const stop = buf.indexOf(0, p + 1);
    fields[code] = buf.toString('utf8', p + 1, stop);
    p = stop + 1;
  }
  const err = new protocol.messages.DatabaseError(fields.M ?? 'database error', end - start + 4, 'error');
  for (const [code, key] of Object.entries(ERROR_FIELDS))
    if (fields[code] !== undefined) Object.assign(err, { [key]: fields[code] });
  return err;
}

/**
 * PGlite: the extended query protocol straight from PGlite's own serializer. A named statement is
 * parsed and described once (Parse, Describe, Sync), then each call is one Bind, Execute, Sync in a
 * single message, its answer decoded by readRows without PGlite's message parser; PGlite's `query`
 * sends Parse, Describe, Bind, Describe, Execute and Sync one call at a time and copies every field.
 * Parameters are serialised by type as PGlite's `query` does. Measured on a page of 24 products
 * (100k catalog): 250 us of CPU a query here, 1,200 us through `query`, 700 us through
 * `execProtocolStream` (docs/decisions/069).
 *
 * Only public PGlite API: `runExclusive` (PGlite's query lock), `isInTransaction`,
 * `execProtocolStream`/`execProtocolRawStream`, `syncToFs`, `parsers`/`serializers`. What it relies
 * on beyond their signatures (the raw stream is the backend's own messages, in order) is pinned with
 * the PGlite version and checked by test/db-query.test.ts.
 */
export function pgliteQuery(client: PGlite): Query {
  const prepared = new Map<string, Statement>();
  const send = (parts: Uint8Array[]) => client.execProtocolStream(concat(parts), { syncToFs: false });
  const parserOf = (typeId: number): Column['parse'] =>
    client.parsers[typeId] ?? types.parsers[typeId] ?? ((text: string) => text);

  const describe = async (name: string, text: string): Promise<Statement> => {
    const messages = await send([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const statement: Statement = { text, paramTypes: [], columns: [] };
    for (const m of messages) {
      if (m instanceof protocol.messages.ParameterDescriptionMessage) statement.paramTypes = m.dataTypeIDs;
      else if (m instanceof protocol.messages.RowDescriptionMessage)
        statement.columns = m.fields.map((f) => ({ name: f.name, typeId: f.dataTypeID, parse: parserOf(f.dataTypeID) }));
    }
    return statement;
  };

  const execute = async <Row>(name: string, statement: Statement, values: readonly unknown[]): Promise<Row[]> => {
    const params = values.map((v, i) => {
      if (v === null || v === undefined) return null;
      const typeId = statement.paramTypes[i];
      const toText = typeId === undefined ? undefined : client.serializers[typeId];
      return toText ? toText(v) : String(v);
    });
    // The answer comes in chunks that are views of PGlite's memory: copied as they come.
    const chunks: Uint8Array[] = [];
    await client.execProtocolRawStream(
      concat([serialize.bind({ statement: name, values: params }), serialize.execute({}), serialize.sync()]),
      {
        syncToFs: false,
        onRawData: (chunk) => chunks.push(chunk.slice()),
      },
    );
    return readRows<Row>(chunks.length === 1 ? chunks[0]! : concat(chunks), statement.columns);
  };

  /** Undefined when another caller's transaction is open: this statement must not run inside it. */
  const fast = <Row>(name: string | undefined, text: string, values: readonly unknown[]) =>
    client.runExclusive(async (): Promise<Row[] | undefined> => {
      // PGlite's query lock is free between the statements of a transaction (client.transaction
      // holds its other lock for the whole of it): a statement sent now would become part of it.
      if (client.isInTransaction()) return undefined;
      let statement = name ? prepared.get(name) : undefined;
      if (statement && statement.text !== text) throw new Error(`The prepared statement ${name} was prepared for another text.`);
      if (!statement) {
        statement = await describe(name ?? '', text);
        if (name) prepared.set(name, statement);
      }
      const rows = await execute<Row>(name ?? '', statement, values);
      await client.syncToFs();
      return rows;
    });

  return async <Row extends Record<string, unknown>>(name: string | undefined, text: string, values: readonly unknown[] = []) =>
    // With a transaction open, PGlite's own query: it waits for the transaction to end, as the
    // database would make a second connection wait (unprepared, and slower, but rare).
    (await fast<Row>(name, text, values)) ?? (await client.query<Row>(text, [...values])).rows;
}
