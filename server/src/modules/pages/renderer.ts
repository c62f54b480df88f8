import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { InitialPageData } from '@shop/contract';

/** The web app's server renderer (web/src/entry-server.tsx): a page's body from its address and data, null for a redirect. */
type RendererModule = { render(url: string, data: InitialPageData, options: { shopName: string }): Promise<string | null> };

/** Renders running at once (each mostly CPU); a page beyond them goes out unrendered, for the browser to draw. */
const RENDERS_AT_ONCE = 8;
/** After the renderer failed to load (a deploy half done), how long pages go without it before the next try. */
const RENDERER_RETRY_MS = 30_000;

/**
 * Of the 200 pages (each sent by its PAGE_PATTERNS route), those whose body the server renders, by
 * the route pattern that matched (however the address was spelled): the public ones, and a
 * category's list for someone signed in (it asks a guest to log in). Dashboards are private and
 * drawn by the browser.
 */
export const isRendered = (pattern: string, signedIn: boolean) =>
  !pattern.startsWith('/dashboard') && (signedIn || pattern !== '/category/:category');

type PageRenderer = {
  /**
   * The page's body as the app draws it at `address` (absolute, with its query) from `data`, which the
   * browser then takes over (hydrates); null when there is no renderer, all RENDERS_AT_ONCE are busy,
   * the address is a redirect for the app's router, or the render failed (logged): the page then goes
   * out without its body and the browser renders it, as before.
   */
  render(address: string, data: InitialPageData, log: FastifyBaseLogger): Promise<string | null>;
};

/**
 * The renderer built from web/src/entry-server.tsx at `file` (none: every page is the browser's to
 * draw). Loaded on the first page, once; a module that fails to load is logged, pages go out without
 * their body, and the load is tried again RENDERER_RETRY_MS later.
 */
export function pageRenderer(file: string | undefined, shopName: string): PageRenderer {
  let loaded: Promise<RendererModule | undefined> | undefined;
  const load = (log: FastifyBaseLogger) => {
    if (!file) return Promise.resolve(undefined);
    loaded ??= (import(pathToFileURL(file).href) as Promise<RendererModule>).catch((err: unknown) => {
      log.error({ err, file }, 'page: server renderer not loaded; pages go out without their body');
      setTimeout(() => {
        loaded = undefined;
      }, RENDERER_RETRY_MS).unref();
      return undefined;
    });
    return loaded;
  };
  let rendering = 0;
  return {
    async render(address, data, log) {
      if (rendering >= RENDERS_AT_ONCE) return null;
      const ssr = await load(log);
      if (!ssr) return null;
      rendering++;
      try {
        // Through JSON, as the browser will read it: the same values (dates as strings) on both sides.
        return await ssr.render(address, JSON.parse(JSON.stringify(data)) as InitialPageData, { shopName });
      } catch (err) {
        log.error({ err }, 'page: server render failed; sent without its body');
        return null;
      } finally {
        rendering--;
      }
    },
  };
}
