/**
 * Where a phone's main thread spends its time on the pages Lighthouse measures (the home page, a
 * category signed in, a product page): Lighthouse's mobile profile, once per page, and from its trace
 *
 * - the main thread's work by kind, as Lighthouse counts it (its mainthread-work-breakdown groups),
 *   in real milliseconds (Lighthouse reports them at its 4x CPU slowdown);
 * - what handling the page's responses cost, by kind (scripts, images, the rest): each response is
 *   main-thread work of its own, however small the file;
 * - the long tasks, those over 12.5 ms (50 ms at 4x, the ones total blocking time counts), each
 *   with the events it spent most in.
 *
 *   npx tsx bench/trace.ts                    builds the web app and serves it as `npm start` does
 *   npx tsx bench/trace.ts --url URL          a running shop (demo data); --login email:password
 *   ... --out DIR                             keeps each trace (DevTools' Performance panel opens them)
 *   ... --keep                                leaves the shop it started running until Ctrl-C
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_PATH } from '../../web/scripts/chromium';
import { benchPages, CHROME_FLAGS, importPackage } from '../../web/scripts/measure';
import { BENCH_LOGIN, startBenchShop } from './frontend';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; requestId?: string; functionName?: string }; elementCount?: number };
}

/** Lighthouse's task groups (core/lib/tracehouse/task-groups.js); an event of none takes its parent's. */
const GROUPS: Record<string, string[]> = {
  parseHTML: ['ParseHTML', 'ParseAuthorStyleSheet'],
  styleLayout: ['ScheduleStyleRecalculation', 'UpdateLayoutTree', 'InvalidateLayout', 'Layout'],
  paintCompositeRender: [
    'Animation',
    'HitTest',
    'PaintSetup',
    'Paint',
    'PaintImage',
    'RasterTask',
    'ScrollLayer',
    'UpdateLayer',
    'UpdateLayerTree',
    'CompositeLayers',
    'PrePaint',
  ],
  scriptParseCompile: ['v8.compile', 'v8.compileModule', 'v8.parseOnBackground'],
  scriptEvaluation: [
    'EventDispatch',
    'EvaluateScript',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'FireIdleCallback',
    'FireAnimationFrame',
    'RunMicrotasks',
    'V8.Execute',
  ],
  garbageCollection: [
    'MinorGC',
    'MajorGC',
    'BlinkGC.AtomicPhase',
    'ThreadState::performIdleLazySweep',
    'ThreadState::completeSweep',
    'BlinkGCMarking',
  ],
};
const groupOf = new Map(Object.entries(GROUPS).flatMap(([group, names]) => names.map((n) => [n, group] as const)));

const ms = (us: number) => Math.round(us / 100) / 10;
const file = (url: string | undefined) => (url ? (url.split('/').pop() ?? url).slice(0, 40) : '');

/** The page's main thread: the renderer thread named CrRendererMain that ran the most. */
function mainThread(events: TraceEvent[]): TraceEvent[] {
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.ph === 'X' && e.name === 'RunTask') busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`)
    .sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
  return events.filter((e) => `${e.pid}:${e.tid}` === main);
}

export function summarise(events: TraceEvent[]) {
  const thread = mainThread(events);
  const spans = thread.filter((e) => e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const start = thread.find((e) => e.name === 'navigationStart')?.ts ?? spans[0]?.ts ?? 0;
  // Self time of every span, and its group (its own, else its parent's, else 'other').
  const byGroup: Record<string, number> = {};
  const self = new Map<TraceEvent, number>();
  const group = new Map<TraceEvent, string>();
  const stack: TraceEvent[] = [];
  for (const e of spans) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const parent = stack.at(-1);
    group.set(e, groupOf.get(e.name) ?? (parent ? group.get(parent)! : 'other'));
    self.set(e, e.dur!);
    if (parent) self.set(parent, self.get(parent)! - e.dur!);
    stack.push(e);
  }
  for (const e of spans) byGroup[group.get(e)!] = (byGroup[group.get(e)!] ?? 0) + self.get(e)!;

  const tasks = spans.filter((e) => e.name === 'RunTask');
  const urlOf = new Map(
    events.filter((e) => e.name === 'ResourceSendRequest').map((e) => [e.args?.data?.requestId, e.args?.data?.url ?? '']),
  );
  const kind = (url: string) =>
    /\.m?js(\?|$)/.test(url) ? 'scripts' : /\.(webp|avif|png|jpe?g|svg|gif)(\?|$)|^data:image/.test(url) ? 'images' : 'other';
  const responses: Record<string, { ms: number; tasks: number }> = {};
  const marks = thread.filter((e) => e.ph !== 'X' && /^Resource(ReceiveResponse|ReceivedData|Finish)$/.test(e.name));
  let m = 0;
  for (const t of tasks) {
    while (m < marks.length && marks[m]!.ts < t.ts) m++;
    const inside = new Set<string>();
    for (let i = m; i < marks.length && marks[i]!.ts <= t.ts + t.dur!; i++)
      inside.add(kind(urlOf.get(marks[i]!.args?.data?.requestId) ?? ''));
    if (!inside.size) continue;
    const k = [...inside].sort().join('+');
    responses[k] = { ms: (responses[k]?.ms ?? 0) + t.dur!, tasks: (responses[k]?.tasks ?? 0) + 1 };
  }

  const long = tasks
    .filter((t) => t.dur! > 12_500)
    .map((t) => {
      const inner = spans.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!);
      const top = new Map<string, number>();
      for (const e of inner) {
        const key = `${e.name}${e.args?.data?.url ? ` ${file(e.args.data.url)}` : ''}${e.name === 'UpdateLayoutTree' ? ` (${e.args?.elementCount} elements)` : ''}`;
        top.set(key, (top.get(key) ?? 0) + self.get(e)!);
      }
      const spentIn = [...top]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([k, v]) => `${k} ${ms(v)}`);
      return { atMs: ms(t.ts - start), ms: ms(t.dur!), spentIn };
    });
  return {
    mainThreadMs: ms(tasks.reduce((a, t) => a + t.dur!, 0)),
    byGroupMs: Object.fromEntries(
      Object.entries(byGroup)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, ms(v)]),
    ),
    responses: Object.fromEntries(Object.entries(responses).map(([k, v]) => [k, { ms: ms(v.ms), tasks: v.tasks }])),
    longTasks: long,
  };
}

async function main() {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, login: { type: 'string' }, out: { type: 'string' }, keep: { type: 'boolean' } },
  });
  const shop = values.url ? undefined : await startBenchShop();
  const baseUrl = values.url ?? shop!.baseUrl;
  const { default: lighthouse } = await importPackage<{
    default: (
      url: string,
      flags: object,
    ) => Promise<{ lhr: Lhr; artifacts: { Trace: { traceEvents: TraceEvent[] } } } | undefined>;
  }>('lighthouse');
  type Lhr = {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
    environment: { benchmarkIndex: number };
  };
  const chromeLauncher = await importPackage<{ launch: (o: object) => Promise<{ port: number; kill: () => void }> }>(
    'chrome-launcher',
  );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    for (const [name, page] of Object.entries(await benchPages(baseUrl, values.login ?? BENCH_LOGIN))) {
      if ('skipped' in page) {
        console.log(`\n${name}: skipped (${page.skipped})`);
        continue;
      }
      const run = await lighthouse(new URL(page.path, baseUrl).href, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
      });
      if (!run) continue;
      const audit = (id: string) => Math.round(run.lhr.audits[id]?.numericValue ?? Number.NaN);
      console.log(
        `\n${name} ${page.path}: performance ${Math.round(run.lhr.categories.performance.score * 100)}, TBT ${audit('total-blocking-time')} ms, main thread ${audit('mainthread-work-breakdown')} ms at 4x, benchmarkIndex ${Math.round(run.lhr.environment.benchmarkIndex)}`,
      );
      console.log(JSON.stringify(summarise(run.artifacts.Trace.traceEvents), null, 1));
      if (values.out) {
        fs.mkdirSync(values.out, { recursive: true });
        fs.writeFileSync(path.join(values.out, `${name}.json`), JSON.stringify(run.artifacts.Trace));
      }
    }
  } finally {
    chrome.kill();
  }
  if (shop && values.keep) {
    console.log(`\nThe shop runs at ${baseUrl} (Ctrl-C stops it).`);
    process.once('SIGINT', () => void shop.stop().then(() => process.exit(0)));
  } else await shop?.stop();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
