/**
 * HOOK for the front-end half of `npm run bench` (issue 6, item 5): initial JS (gzip) per route
 * and Lighthouse (mobile profile, Debian's Chromium) on the home, category and product pages.
 *
 * Not implemented yet: the product page and the search/filter UI land with the web work of issue
 * 6. Whoever adds them fills in this function; run.ts already calls it after the API benchmark,
 * prints what it returns and stores it under `frontend` in results/latest.json.
 */
export type FrontendResult =
  | { skipped: string }
  | {
      initialJsGzipKb: Record<string, number>;
      lighthouse: Record<string, { performance: number; accessibility: number; lcpMs: number; cls: number; tbtMs: number }>;
    };

export async function runFrontendBench(_opts: { baseUrl?: string } = {}): Promise<FrontendResult> {
  return { skipped: 'front-end benchmark not implemented yet (hook: server/bench/frontend.ts)' };
}
