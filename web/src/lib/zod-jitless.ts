/**
 * Zod (loaded with the first form) probes `new Function('')` once to decide whether it may compile
 * fast parsers. Our CSP (script-src 'self', no 'unsafe-eval') blocks that probe, and Chromium
 * reports it as a `securitypolicyviolation` even though zod catches the error. Zod reads its
 * global config from `globalThis.__zod_globalConfig`, so setting `jitless` here, before zod's chunk
 * is ever loaded, skips the probe without pulling zod into the first screen's bundle.
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

export {};
