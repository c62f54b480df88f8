import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { seedFromPage } from './lib/initial-data';
import { createQueryClient } from './lib/query-client';
import './index.css';

// One query client for the app and its router, so route loaders can start requests early.
const queryClient = createQueryClient();
// What the server put into the page (a product or seller page's data, who is signed in) is not asked for again.
seedFromPage(queryClient);
const router = createAppRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// The service worker (offline app shell, photo cache, update prompt) exists in the production build only.
// The shop works without it (an old browser, a private window that refuses it): a failure is only logged.
if (import.meta.env.PROD) {
  import('./app/service-worker')
    .then((m) => m.registerServiceWorker())
    .catch((error: unknown) => console.warn('service worker not registered', error));
}
