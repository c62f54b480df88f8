/**
 * The production build bundles Drizzle, Better Auth and the packages only they use (tsup.config.ts
 * BUNDLED, docs/decisions/084). A bundled package's imports of packages left outside are resolved from
 * server/dist, that is from the top of node_modules: right only while npm installed one copy of each,
 * none nested under a bundled package. The lockfile says what npm installs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED } from '../tsup.config';

const root = path.resolve(decodeURIComponent(new URL('../..', import.meta.url).pathname));
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};
/** Every installed copy of every package: [its name, where it is]. */
const installed = Object.keys(lock.packages)
  .filter((where) => where.includes('node_modules/'))
  .map((where) => [where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length), where] as const);
const bundled = (name: string) => BUNDLED.some((p) => (typeof p === 'string' ? p === name : p.test(name)));

describe('the packages the server build bundles', () => {
  it('each rule names an installed package', () => {
    for (const rule of BUNDLED)
      expect(
        installed.some(([name]) => (typeof rule === 'string' ? rule === name : rule.test(name))),
        String(rule),
      ).toBe(true);
  });

  it('find every package they import at the top of node_modules, none nested under them', () => {
    const nested = installed.filter(([, where]) => {
      const owner = where.slice(0, where.lastIndexOf('/node_modules/')).replace(/^.*node_modules\//, '');
      return where.lastIndexOf('/node_modules/') > 0 && bundled(owner);
    });
    expect(nested.map(([, where]) => where)).toEqual([]);
  });
});
