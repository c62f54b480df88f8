import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { outputDir } from './global-setup';

export { expect };
export { DEMO_PASSWORD } from './global-setup';

/**
 * global-setup.ts starts a server (with its own copy of the web build) per worker: this worker takes
 * its own by its parallel index, which a worker started after a failed one keeps.
 */
const workerEnvs = JSON.parse(process.env.E2E_WORKER_ENVS ?? '[]') as Record<string, string>[];
const workerEnv = workerEnvs[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % Math.max(1, workerEnvs.length)];
if (workerEnv) Object.assign(process.env, workerEnv);

/** This worker's server of global-setup.ts. */
export function shopUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys with `npm run e2e` (its global setup starts the server)');
  return url;
}

interface Problems {
  /** Console errors, CSP violations and uncaught exceptions so far, less the expected ones. */
  list(): string[];
  /** Expects the problems matching `pattern` too (e.g. a request the test makes fail on purpose). */
  allow(pattern: RegExp): void;
}

/** 4xx answers the app handles on purpose (e.g. a role check, a failed login) show as console errors in Chromium. */
const EXPECTED_4XX = /Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * After a page load, waits until the app has taken the page over (main.tsx marks `<html data-app>`):
 * a public page arrives rendered by the server, and a click on its HTML before the app's code has
 * run does nothing. Pages that are not the app's (a JSON answer, a fake provider's form) do not wait.
 */
function waitForAppOnLoad(page: Page) {
  const after = async <T>(load: Promise<T>): Promise<T> => {
    const response = await load;
    await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-app'));
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  Object.assign(page, {
    goto: (...args: Parameters<Page['goto']>) => after(goto(...args)),
    reload: (...args: Parameters<Page['reload']>) => after(reload(...args)),
    goBack: (...args: Parameters<Page['goBack']>) => after(goBack(...args)),
    goForward: (...args: Parameters<Page['goForward']>) => after(goForward(...args)),
  });
}

/** Collects the console errors, CSP violations and uncaught exceptions of every page of `context`. */
async function watch(context: BrowserContext): Promise<Problems> {
  const seen: string[] = [];
  const allowed = [EXPECTED_4XX];
  context.on('page', waitForAppOnLoad);
  context.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()}`);
  });
  context.on('weberror', (e) => seen.push(`uncaught: ${e.error().message}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return {
    list: () => seen.filter((p) => !allowed.some((pattern) => pattern.test(p))),
    allow: (pattern) => void allowed.push(pattern),
  };
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  problems: () => string[];
}

/**
 * Another browser (own cookies) beside the test's `page`, watched the same way; the caller closes it
 * and checks its problems. The test's own `page` is checked by the fixture.
 */
export async function newWatchedPage(browser: Browser, baseURL = shopUrl()): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const problems = await watch(context);
  const page = await context.newPage();
  return { context, page, problems: problems.list };
}

/**
 * Signs in through the API (no form clicking) with the context's request client: the context's
 * cookie jar, which its pages share, gets the session.
 */
export async function apiSignIn(context: BrowserContext, email: string, password: string, origin = shopUrl()) {
  const r = await context.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin } });
  if (!r.ok()) throw new Error(`sign-in ${email}: ${r.status()} ${await r.text()}`);
}

/** A mail of the shared server's development outbox (GET /api/dev/mail), as the server lists it. */
interface OutboxMail {
  subject: string;
  links: string[];
}

/**
 * The first link of the newest mail to `to` whose subject contains `subject`, from the server's
 * development outbox (the server has no SMTP_URL), waiting up to 10 s for it to be queued.
 */
export async function linkFromOutbox(api: APIRequestContext, to: string, subject: string): Promise<string> {
  const end = Date.now() + 10_000;
  for (;;) {
    const r = await api.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
    if (!r.ok()) throw new Error(`GET /api/dev/mail: ${r.status()} ${await r.text()}`);
    const mail = ((await r.json()) as OutboxMail[]).find((m) => m.subject.includes(subject));
    const link = mail?.links[0];
    if (link) return link;
    if (Date.now() > end) throw new Error(`no mail '${subject}' to ${to} in the development outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Follows the verification link mailed to `email` as its owner's browser would, with `api` (a page's
 * `context.request` shares that page's cookies). The link verifies the account, signs every session
 * of it out and leads to the page that asks for the password: this chooses `password` there, and signs
 * that browser in with it.
 */
export async function verifyEmailFromOutbox(api: APIRequestContext, email: string, password: string) {
  const headers = { origin: shopUrl() };
  const link = await linkFromOutbox(api, email, 'Confirm your email address');
  const r = await api.get(link);
  const landed = new URL(r.url());
  const token = landed.searchParams.get('token');
  if (!r.ok() || landed.pathname !== '/reset-password' || !token) throw new Error(`verifying ${email}: ${r.status()} ${r.url()}`);
  const chosen = await api.post('/api/auth/reset-password', { data: { token, newPassword: password }, headers });
  if (!chosen.ok()) throw new Error(`choosing the password of ${email}: ${chosen.status()} ${await chosen.text()}`);
  const signedIn = await api.post('/api/auth/sign-in/email', { data: { email, password }, headers });
  if (!signedIn.ok()) throw new Error(`sign-in ${email}: ${signedIn.status()} ${await signedIn.text()}`);
}

/**
 * Signs a new user up the way the app does (Better Auth, then POST /api/users); `api` keeps the session.
 * The email is verified afterwards through the mailed link (choosing `password` again), so a seller
 * may list items.
 */
export async function apiSignUp(api: APIRequestContext, email: string, name: string, password: string, isSeller = false) {
  const headers = { origin: shopUrl() };
  const r = await api.post('/api/auth/sign-up/email', { data: { email, name, password }, headers });
  if (!r.ok()) throw new Error(`sign-up ${email}: ${r.status()} ${await r.text()}`);
  const u = await api.post('/api/users', { data: { email, name, isSeller }, headers });
  if (!u.ok()) throw new Error(`POST /api/users ${email}: ${u.status()} ${await u.text()}`);
  await verifyEmailFromOutbox(api, email, password);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;
}

/** web/test-output/screenshots/{name}.png: full page by default; `fullPage: false` for what the viewport shows (e.g. a modal). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  const file = path.join(outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core in the page; returns serious and critical violations (WCAG 2 A/AA rules). */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') does not block it.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const problemsOf = new WeakMap<BrowserContext, Problems>();

/**
 * The journeys' `test`: `baseURL` is the shared server; the test's `context` (so its `page`) is
 * watched, and the test fails if it ends with a console error, a CSP violation or an uncaught
 * exception; `signIn` signs that context in through the API; `problems` lets a test expect some.
 */
export const test = base.extend<{ signIn: (email: string, password: string) => Promise<void>; problems: Problems }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this object pattern and refuses any other first parameter; this fixture has none.
  baseURL: async ({}, use) => {
    await use(shopUrl());
  },
  context: async ({ context }, use) => {
    const problems = await watch(context);
    problemsOf.set(context, problems);
    await use(context);
    expect(problems.list(), 'console errors, CSP violations and uncaught exceptions').toEqual([]);
  },
  problems: async ({ context }, use) => {
    const problems = problemsOf.get(context);
    if (!problems) throw new Error('the test context is not watched');
    await use(problems);
  },
  signIn: async ({ context, baseURL }, use) => {
    await use((email, password) => apiSignIn(context, email, password, baseURL));
  },
});
