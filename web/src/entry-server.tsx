/// <reference types="node" />
// The server's renderer runs in Node (node:stream, Buffer); the rest of the app sees only browser types.
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { InitialPageData } from '@shop/contract';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/router';
import { seedQueries } from './lib/initial-data';
import { createQueryClient } from './lib/query-client';

/** The app's routes without loaders (those only warm the browser's cache): matched and their code loaded once, then shared. */
const handler = createStaticHandler(appRoutes());

/** Longest a render may take before the page goes out without its body (the browser renders it then). */
const RENDER_TIMEOUT_MS = 3000;

/**
 * The body of the page at `url` (an absolute URL), rendered as the browser's first render will draw
 * it from the same data: the query cache seeded from InitialPageData, every lazy part of the page
 * loaded, the shop's name (SHOP_NAME) as the page's head says it. Null when the address is a redirect for the router. The caller puts the HTML into
 * `<div id="root">` and the same data into the page; the browser hydrates it (main.tsx).
 */
export async function render(url: string, data: InitialPageData, options: { shopName: string }): Promise<string | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const queryClient = createQueryClient();
  seedQueries(queryClient, data);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Its path only in errors (a query string may hold a token); the URL is the caller's to log.
  const where = new URL(url).pathname;
  let stop: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const sink = new PassThrough();
      sink.on('data', (chunk: Buffer) => chunks.push(chunk));
      // React puts the page's resource hints (the preload of an image with fetchPriority high) first:
      // they belong in the head, where the server writes its own preload of the page's largest image.
      sink.on('end', () =>
        resolve(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/^(<link [^>]*>)+/, ''),
        ),
      );
      sink.on('error', reject);
      const stream = renderToPipeableStream(
        <StrictMode>
          <AppProviders queryClient={queryClient} shopName={options.shopName} phone={data.phone === true}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StrictMode>,
        {
          // One piece: React would otherwise move a large finished part to the end of the page, with an inline script to put it back.
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
          // Everything, lazy parts included: a page sent half-rendered would show its fallbacks.
          onAllReady: () => stream.pipe(sink),
          onShellError: reject,
          onError: (error) => reject(error),
        },
      );
      stop = () => stream.abort();
      timer = setTimeout(() => reject(new Error(`render of ${where} took over ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
    });
  } catch (error) {
    // Whatever is still rendering stops (a failed part, or the time is up).
    stop?.();
    throw error;
  } finally {
    clearTimeout(timer);
    // The queries' garbage-collection timers would keep this request's cache for minutes.
    queryClient.clear();
  }
}
