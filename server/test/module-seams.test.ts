import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Module seams (docs/architecture.md#module-seams): a module uses another only through its public
 * files (its service, routes and plugin, and the few files named below), never its SQL or helpers.
 * Biome's noRestrictedImports cannot say "another module's folder but not one's own", so this test
 * reads every import under server/src/modules. The wiring (app.ts, modules/subscribers.ts) may import
 * anything: cross-module work lives there.
 */
const MODULES = path.resolve(__dirname, '../src/modules');

/** Every module's public files: these, and `service`, `routes`, `plugin`. */
const PUBLIC: Record<string, string[]> = {
  // The live event bus other modules publish to.
  events: ['bus'],
  // The one writer of an order's status.
  orders: ['state-machine'],
  // The provider interface and the factory that picks one.
  payments: ['providers/provider', 'providers/index'],
  handoff: ['codes'],
  // Trust's services are named for what they do.
  trust: ['reviews', 'moderation'],
  payouts: ['ledger'],
  offers: ['reservation'],
  places: ['gazetteer'],
  uploads: ['process'],
  // The favourites' service is named for them (a signed-in page carries the person's saved items).
  alerts: ['favorites'],
};

/**
 * Imports of another module's internal files that exist today: the list may only shrink (a test
 * below fails when one is gone, so it is taken off). Adding to it needs a reason in review.
 */
const KNOWN = new Set<string>([
  // Saved searches count matches with the catalog's own search condition.
  'alerts -> catalog/sql',
  // The payout sweep recognises simulated accounts in test mode.
  'payouts -> payments/providers/simulated',
]);

const importRe = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** `alerts -> catalog/sql` for each import from one module into another's file. */
function crossImports() {
  const found: { edge: string; from: string }[] = [];
  for (const file of sourceFiles(MODULES)) {
    const rel = path.relative(MODULES, file);
    const [owner, ...rest] = rel.split(path.sep);
    if (!owner || rest.length === 0) continue; // modules/subscribers.ts: the wiring
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const spec = m[1] ?? m[2];
      if (!spec?.startsWith('.')) continue;
      const target = path.relative(MODULES, path.resolve(path.dirname(file), spec));
      if (target.startsWith('..')) continue; // lib/, db/, mail/ ...
      const [other, ...inside] = target.split(path.sep);
      if (!other || other === owner || inside.length === 0) continue;
      found.push({ edge: `${owner} -> ${other}/${inside.join('/')}`, from: rel });
    }
  }
  return found;
}

const isPublic = (edge: string) => {
  const [, target = ''] = edge.split(' -> ');
  const [mod = '', ...inside] = target.split('/');
  const file = inside.join('/');
  return ['service', 'routes', 'plugin'].includes(file) || (PUBLIC[mod] ?? []).includes(file);
};

describe('module seams', () => {
  const edges = crossImports();

  it('finds the imports it checks (the parser still works)', () => {
    expect(edges.map((e) => e.edge)).toContain('handoff -> orders/state-machine');
  });

  it("no module imports another module's internal files", () => {
    const bad = edges.filter((e) => !isPublic(e.edge) && !KNOWN.has(e.edge)).map((e) => `${e.from}: ${e.edge}`);
    expect(bad, "use the other module's service (or add the file to PUBLIC with a reason)").toEqual([]);
  });

  it('the list of known exceptions only shrinks', () => {
    const present = new Set(edges.map((e) => e.edge));
    expect(
      [...KNOWN].filter((k) => !present.has(k)),
      'take these off KNOWN',
    ).toEqual([]);
  });
});
