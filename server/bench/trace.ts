/**
 * Where a phone's main thread spends its time on the pages Lighthouse measures (the home page, a
 * category signed in, a product page): Lighthouse's mobile profile, once per page, and from its trace
 *
 * - the main thread's work by kind, as Lighthouse counts it (its mainthread-work-breakdown groups),
 *   in real milliseconds (Lighthouse reports them at its 4x CPU slowdown);
 * - what handling the page's responses cost, by kind (scripts, images, the rest): each response is
 *   main-thread work of its own, however small the file;
 * - the long tasks, those over 12.5 ms (50 ms at 4x, the ones total blocking time counts), each
 *   with the events it spent most in;
 * - the main thread's CPU time (the trace's thread time, not the wall clock) and the blocking time
 *   that CPU time alone would give (each task after the first paint: 4x its CPU time over 50 ms). On a
 *   machine where other processes take the cores (2 cores here: the browser's other threads, the
 *   server, Lighthouse itself), a task's wall time is often twice its CPU time and moves from run to
 *   run; what the page's own code costs is its CPU time.
 * - Lighthouse's own long tasks as its simulation timed them, and how much of each counts as blocking
 *   (after its simulated first contentful paint): where a page's TBT comes from. That run's sum is
 *   near the TBT reported, not equal: Lighthouse blends an optimistic and a pessimistic estimate.
 *
 *   npx tsx bench/trace.ts                    builds the web app and serves it as `npm start` does
 *   npx tsx bench/trace.ts --url URL          a running shop (demo data); --login email:password
 *   ... --out DIR                             keeps each trace (DevTools' Performance panel opens them)
 *   ... --keep                                leaves the shop it started running until Ctrl-C
 *   ... --url A --url B --runs 4 --brief      compares two shops (before and after a change): runs
 *                                             them in turn, one line a run, then each one's medians
 *   ... --block '*.webp'                      the page without what those URLs give (Lighthouse's
 *                                             blockedUrlPatterns): what a part of it costs
 *   ... --page home                           only that page (home, category, product); repeatable
 *   LIGHTHOUSE_AS_BENCHMARK_INDEX=1150 ...       the CPU slowed as for a machine of that index
 *                                             (web/scripts/measure.ts cpuSlowdownFor), not 4x
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_PATH } from '../../web/scripts/chromium';
import { asBenchmarkIndex, benchPages, CHROME_FLAGS, importPackage, machineIndex } from '../../web/scripts/measure';
import { BENCH_LOGIN, startBenchShop } from './frontend';
import { median } from './lib/shop';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  /** Thread (CPU) time, where the trace has it. */
  tdur?: number;
  args?: {
    name?: string;
    data?: { url?: string; requestId?: string; functionName?: string };
    elementCount?: number;
  };
}

/** The part of a task that total blocking time counts is what lasts over this (Lighthouse's threshold), in ms. */
const BLOCKING_MS = 50;

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

export function summarise(events: TraceEvent[], slowdown = 4) {
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
    .filter((t) => t.dur! > (BLOCKING_MS * 1000) / 4)
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
  // Top-level tasks only (a task inside a task, as a nested run loop makes, is counted once).
  const topLevel: TraceEvent[] = [];
  for (const t of tasks) if (!topLevel.length || t.ts >= topLevel.at(-1)!.ts + topLevel.at(-1)!.dur!) topLevel.push(t);
  const fcp = thread.find((e) => e.name === 'firstContentfulPaint')?.ts ?? start;
  return {
    mainThreadMs: ms(tasks.reduce((a, t) => a + t.dur!, 0)),
    mainThreadCpuMs: ms(topLevel.reduce((a, t) => a + (t.tdur ?? t.dur!), 0)),
    blockingCpuMs: ms(
      topLevel
        .filter((t) => t.ts >= fcp)
        .reduce((a, t) => a + Math.max(0, slowdown * (t.tdur ?? t.dur!) - BLOCKING_MS * 1000), 0),
    ),
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
    options: {
      url: { type: 'string', multiple: true },
      login: { type: 'string' },
      out: { type: 'string' },
      keep: { type: 'boolean' },
      runs: { type: 'string', default: '1' },
      brief: { type: 'boolean' },
      block: { type: 'string', multiple: true },
      page: { type: 'string', multiple: true },
    },
  });
  const shop = values.url ? undefined : await startBenchShop();
  const bases = values.url ?? [shop!.baseUrl];
  const { default: lighthouse } = await importPackage<{
    default: (
      url: string,
      flags: object,
    ) => Promise<{ lhr: Lhr; artifacts: { Trace: { traceEvents: TraceEvent[] } } } | undefined>;
  }>('lighthouse');
  type Lhr = {
    categories: { performance: { score: number } };
    audits: Record<
      string,
      {
        numericValue?: number;
        details?: { debugData?: { tasks?: { startTime: number; duration: number }[] } };
      }
    >;
    environment: { benchmarkIndex: number };
    runtimeError?: { message: string };
  };
  const chromeLauncher = await importPackage<{ launch: (o: object) => Promise<{ port: number; kill: () => void }> }>(
    'chrome-launcher',
  );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  /** Per page and shop: each run's performance, TBT, main thread (Lighthouse, at its slowdown), its CPU time (same) and CPU blocking time. */
  const rows = new Map<string, number[][]>();
  const asIndex = asBenchmarkIndex();
  /** This machine's speed: with LIGHTHOUSE_AS_BENCHMARK_INDEX, each run's slowdown comes from it. */
  const machine = machineIndex(asIndex);
  try {
    const pagesOf = new Map<string, Awaited<ReturnType<typeof benchPages>>>();
    for (const base of bases) pagesOf.set(base, await benchPages(base, values.login ?? BENCH_LOGIN));
    for (let run = 0; run < Number(values.runs); run++) {
      // In turn, each shop first every other round: neither always runs after the other.
      for (const base of run % 2 ? [...bases].reverse() : bases) {
        for (const [name, page] of Object.entries(pagesOf.get(base)!)) {
          if (values.page && !values.page.includes(name)) continue;
          if ('skipped' in page) {
            console.log(`\n${name}: skipped (${page.skipped})`);
            continue;
          }
          const flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
            blockedUrlPatterns: values.block,
          };
          const href = new URL(page.path, base).href;
          await machine.calibrate(async () => (await lighthouse(href, flags))?.lhr.environment.benchmarkIndex);
          const slowdown = machine.slowdown();
          const result = await lighthouse(href, { ...flags, throttling: { cpuSlowdownMultiplier: slowdown } });
          if (!result) continue;
          // A run whose trace Lighthouse could not read (NO_NAVSTART now and then) has no figures: it
          // is left out of the medians, which it would otherwise turn into NaN.
          if (result.lhr.runtimeError) {
            console.log(`\n${name} ${href}: Lighthouse failed (${result.lhr.runtimeError.message}); run left out`);
            continue;
          }
          machine.add(result.lhr.environment.benchmarkIndex);
          const audit = (id: string) => Math.round(result.lhr.audits[id]?.numericValue ?? Number.NaN);
          const summary = summarise(result.artifacts.Trace.traceEvents, slowdown);
          const row = [
            Math.round(result.lhr.categories.performance.score * 100),
            audit('total-blocking-time'),
            audit('mainthread-work-breakdown'),
            Math.round(slowdown * summary.mainThreadCpuMs),
            Math.round(summary.blockingCpuMs),
            Math.round(result.lhr.environment.benchmarkIndex),
          ];
          const key = `${name} ${base}`;
          rows.set(key, [...(rows.get(key) ?? []), row]);
          console.log(
            `\n${name} ${new URL(page.path, base).href}: performance ${row[0]}, TBT ${row[1]} ms, main thread ${row[2]} ms at ${slowdown}x (CPU ${row[3]} ms, blocking by CPU ${row[4]} ms), benchmarkIndex ${row[5]}`,
          );
          if (!values.brief) {
            console.log(JSON.stringify(summary, null, 1));
            // Lighthouse's own long tasks, as its simulation timed them at the slowdown. Its TBT is made
            // of them: each one's time between the simulated first contentful paint and interactive,
            // less 50 ms. The simulation leaves out every task under 10 ms of wall time
            // (unless it is the first parse, layout or paint), runs a task with layout in it at half the
            // slowdown, and times its first contentful paint on a graph of the first parse, layout and
            // paint only: a second style and layout pass of the server's page counts like any later task.
            const fcp = result.lhr.audits['first-contentful-paint']?.numericValue ?? 0;
            const tti = result.lhr.audits.interactive?.numericValue ?? 0;
            const simulated = (result.lhr.audits['long-tasks']?.details?.debugData?.tasks ?? []).sort(
              (a, b) => a.startTime - b.startTime,
            );
            const blocking = (t: { startTime: number; duration: number }) =>
              Math.max(0, Math.min(t.startTime + t.duration, tti) - Math.max(t.startTime, fcp) - BLOCKING_MS);
            console.log(
              `simulated: first contentful paint ${Math.round(fcp)} ms, interactive ${Math.round(tti)} ms; long tasks (start+duration, blocking): ${simulated
                .map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} (${Math.round(blocking(t))})`)
                .join(', ')}; blocking ${Math.round(simulated.reduce((n, t) => n + blocking(t), 0))} ms in all`,
            );
          }
          if (values.out) {
            fs.mkdirSync(values.out, { recursive: true });
            fs.writeFileSync(
              path.join(values.out, `${name}${bases.length > 1 ? `-${bases.indexOf(base)}` : ''}-${run}.json`),
              JSON.stringify(result.artifacts.Trace),
            );
          }
        }
      }
    }
  } finally {
    chrome.kill();
  }
  if (Number(values.runs) > 1 || bases.length > 1) {
    console.log(
      `\nmedians: performance / TBT / main thread / CPU / blocking by CPU (ms at ${asIndex ? `the slowdown of a machine of benchmarkIndex ${asIndex}` : '4x'}), then every run (@benchmarkIndex)`,
    );
    for (const [key, runs] of [...rows].sort()) {
      const medians = [0, 1, 2, 3, 4].map((i) => median(runs.map((r) => r[i]!)));
      console.log(`${key}: ${medians.join(' / ')}   ${runs.map((r) => `${r.slice(0, 5).join('/')}@${r[5]}`).join(' ')}`);
    }
  }
  if (shop && values.keep) {
    console.log(`\nThe shop runs at ${bases[0]} (Ctrl-C stops it).`);
    process.once('SIGINT', () => void shop.stop().then(() => process.exit(0)));
  } else await shop?.stop();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
