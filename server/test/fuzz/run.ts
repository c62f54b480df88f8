/**
 * npm run fuzz -- [--runs 10000] [--seed N] [--pg postgres://.../empty_db] [--out report.json]
 *
 * Fuzzes the shop's API from its OpenAPI document (test/fuzz/openapi-fuzz.ts) against a fresh shop
 * in this process (in-memory PGlite, or an empty PostgreSQL database with --pg), then checks the
 * database's invariants (test/fuzz/invariants.ts). Prints every distinct finding; exits 1 when any.
 * Nothing leaves the machine: the simulated payment provider, mail kept in the development outbox.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { brokenInvariants } from './invariants';
import { fuzzApi } from './openapi-fuzz';
import { startFuzzShop } from './shop';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    pg: { type: 'string' },
    out: { type: 'string' },
  },
});

const started = Date.now();
const shop = await startFuzzShop({ pgUrl: args.pg });
try {
  const report = await fuzzApi({
    baseUrl: shop.baseUrl,
    clients: shop.clients,
    ids: shop.ids,
    runs: Number(args.runs),
    seed: args.seed === undefined ? undefined : Number(args.seed),
    progress: (done, findings) =>
      console.log(`  ${done} runs, ${findings} findings (${((Date.now() - started) / 1000).toFixed(0)} s)`),
  });
  const broken = await brokenInvariants(shop.database);
  const byKind = (k: string) => report.findings.filter((f) => f.kind === k).length;
  console.log(
    `\n${report.runs} runs over ${report.operations} operations (seed ${report.seed}) in ${((Date.now() - started) / 1000).toFixed(0)} s on ${shop.database.kind}`,
  );
  console.log(`statuses: ${JSON.stringify(report.statuses)}`);
  console.log(
    `distinct findings: ${byKind('5xx')} 5xx, ${byKind('schema')} schema breaks, ${byKind('undocumented-status')} undocumented statuses; broken invariants: ${broken.length}`,
  );
  for (const f of report.findings)
    console.log(
      `\n[${f.kind}] ${f.route} -> ${f.status}\n  request: ${f.request}\n  answer:  ${f.answer}${f.detail ? `\n  why:     ${f.detail}` : ''}`,
    );
  for (const b of broken) console.log(`\n[invariant] ${b.name}: ${JSON.stringify(b.rows)}`);
  if (args.out) fs.writeFileSync(args.out, `${JSON.stringify({ ...report, broken }, null, 2)}\n`);
  process.exitCode = report.findings.length || broken.length ? 1 : 0;
} finally {
  await shop.close();
}
