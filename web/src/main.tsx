import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { prepareHydration } from './app/hydrate';
import { AppProviders } from './app/providers';
import { OnMount } from './components/on-mount';
import { readShopName } from './hooks/use-shop-name';
import { appRoutes } from './app/router';
import { seedFromPage } from './lib/initial-data';
import { lazyPartsLoaded } from './lib/lazy';
import { createQueryClient } from './lib/query-client';
import './index.css';

// One query client for the app and its router, so route loaders can start requests early.
const queryClient = createQueryClient();
const routes = appRoutes(queryClient);
const container = document.getElementById('root')!;

/**
 * Ends the current task: the browser paints and answers a tap before the next start-up step. On a
 * phone each step (reading the page's data, matching the routes, making the router) is 10-40 ms;
 * run back to back with the code's evaluation they were one long task that kept the page from
 * answering (Lighthouse's total blocking time).
 */
const yieldToMain = () =>
  new Promise<void>((resolve) => {
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (scheduler?.yield) void scheduler.yield().then(resolve);
    else setTimeout(resolve, 0);
  });

declare global {
  interface Window {
    /** From boot-script.js: the button last clicked on the server's page before the app ran, and stop keeping them. */
    takeEarlyClick?: () => HTMLButtonElement | null;
  }
}

/** A button as a person tells it apart: its name, and which of the page's buttons of that name it is. */
interface Control {
  name: string;
  index: number;
}
const nameOf = (b: HTMLButtonElement) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim();
const buttonsNamed = (name: string) => [...container.querySelectorAll('button')].filter((b) => nameOf(b) === name);
function controlOf(button: HTMLButtonElement): Control {
  const name = nameOf(button);
  return { name, index: buttonsNamed(name).indexOf(button) };
}
function findControl({ name, index }: Control): HTMLButtonElement | null {
  const button = buttonsNamed(name)[index];
  return button && !button.disabled ? button : null;
}

/** Resolves when the app's first render (or hydration) has been committed. */
let committed: () => void = () => {};
const firstCommit = new Promise<void>((resolve) => {
  committed = resolve;
});

/**
 * A public page comes rendered from the server (server/src/modules/pages): the app takes it over
 * (hydrates) from the same data once the code of its routes is here. A dashboard page, or the shell
 * the service worker keeps, is drawn here. Not a top-level await: the routes' chunks import this
 * one, which would wait for them in turn.
 */
async function start() {
  await yieldToMain();
  // What the server put into the page (InitialPageData: who is signed in, the page's item, seller or lists) is not asked for again.
  const pageData = seedFromPage(queryClient);
  await yieldToMain();
  const rendered = container.hasChildNodes();
  const hydrationData = rendered ? await prepareHydration(routes, window.location.pathname) : undefined;
  await yieldToMain();
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
  await yieldToMain();
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} shopName={readShopName()} phone={pageData?.phone === true}>
        <RouterProvider router={router} />
        <OnMount run={committed} />
      </AppProviders>
    </StrictMode>
  );
  // Hydration as a transition: React works through the page in slices and lets the browser answer
  // in between, instead of one long task (the page is already on screen, drawn by the server).
  // A button clicked on the server's page before now (boot-script.js kept it): React sees clicks from
  // here on, so the boot script stops listening; the page's nodes are React's after hydration.
  const early = window.takeEarlyClick?.() ?? null;
  const earlyControl = early ? controlOf(early) : null;
  if (rendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  // Once the page's lazy parts are here too, every click on it is the app's: the browser journeys
  // wait for this mark before they act on a freshly loaded page.
  await firstCommit;
  await lazyPartsLoaded();
  // The early click is not lost: it does now what it would have done (Buy now opens the booking, or
  // the log-in page for a visitor).
  // The same control: the button itself, or the one that took its place (a part of the page the app
  // draws anew, such as a signed-in buyer's booking block, has new nodes with the same buttons).
  const target = early?.isConnected ? early : earlyControl ? findControl(earlyControl) : null;
  target?.click();
  document.documentElement.setAttribute('data-app', '');
  // The service worker (offline app shell, photo cache, update prompt) exists in the production build
  // only, and starts once the page is the app's: its precache would compete with the page's own
  // requests. The shop works without it (an old browser, a private window that refuses it): a
  // failure is only logged.
  if (import.meta.env.PROD) {
    import('./app/service-worker')
      .then((m) => m.registerServiceWorker())
      .catch((error: unknown) => console.warn('service worker not registered', error));
  }
}
void start();
