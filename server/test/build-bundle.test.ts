/**
 * The production build bundles Drizzle, Better Auth and the packages they bring with them (tsup.config.ts
 * BUNDLED, docs/decisions/084). A bundled package's imports of packages left outside are resolved from
 * server/dist, that is from the top of node_modules: right only while npm installed nothing nested
 * under a bundled package. The lockfile says what npm installs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED } from '../tsup.config';

const root = path.resolve(decodeURIComponent(new URL('../..', import.meta.url).pathname));
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};
/** Where npm installed each package copy (`node_modules/a/node_modules/b`). */
const installed = Object.keys(lock.packages).filter((where) => where.includes('node_modules/'));
/** The package a lockfile path installs: `b` for `node_modules/a/node_modules/b`. */
const nameAt = (where: string) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
const bundled = (name: string) => BUNDLED.some((rule) => rule.test(name));

describe('the packages the server build bundles', () => {
  it('each rule names an installed package', () => {
    for (const rule of BUNDLED)
      expect(
        installed.some((where) => rule.test(nameAt(where))),
        String(rule),
      ).toBe(true);
  });

  it('find every package they import at the top of node_modules, none nested under them', () => {
    const nested = installed.filter((where) => {
      const owner = where.lastIndexOf('/node_modules/');
      return owner > 0 && bundled(nameAt(where.slice(0, owner)));
    });
    expect(nested).toEqual([]);
  });
});
