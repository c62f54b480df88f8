import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const baseUrl = () => inject('baseUrl');
export const demoPassword = () => inject('demoPassword');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * A fresh browser context (own cookies) on the shared server whose page collects console errors,
 * CSP violations and uncaught exceptions; `problems()` returns them so a test can fail on any.
 */
export function newPage(browser: Browser, viewport = { width: 1440, height: 900 }) {
  return newPageAt(browser, baseUrl(), viewport);
}

/** newPage for a server of the test file's own (support/own-server.ts). */
export async function newPageAt(browser: Browser, baseURL: string, viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return { context, page, problems: () => problems.filter((p) => !isExpected(p)) };
}

/** 4xx answers the app handles on purpose (e.g. a role check, a failed login) show as console errors in Chromium. */
function isExpected(problem: string) {
  return /Failed to load resource: the server responded with a status of 4\d\d/.test(problem);
}

/** Signs in through the API (no form clicking): the context's cookie jar gets the session. */
export async function signIn(context: BrowserContext, email: string, password: string) {
  const r = await context.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: baseUrl() } });
  if (!r.ok()) throw new Error(`sign-in ${email}: ${r.status()} ${await r.text()}`);
}

/** Signs a new user up through the SPEC flow (Better Auth, then POST /api/users). */
export async function signUp(context: BrowserContext, email: string, name: string, password: string, isSeller = false) {
  const headers = { origin: baseUrl() };
  const r = await context.request.post('/api/auth/sign-up/email', { data: { email, name, password }, headers });
  if (!r.ok()) throw new Error(`sign-up ${email}: ${r.status()} ${await r.text()}`);
  const u = await context.request.post('/api/users', { data: { email, name, isSeller }, headers });
  if (!u.ok()) throw new Error(`POST /api/users ${email}: ${u.status()} ${await u.text()}`);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;
}

/** Full page by default; `fullPage: false` for what the viewport shows (e.g. a modal over the page). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  const file = path.join(inject('outputDir'), 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core in the page; returns serious and critical violations (WCAG 2 A/AA rules). */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') does not block it.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
