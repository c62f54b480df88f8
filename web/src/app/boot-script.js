/*
 * Starts the app's code after the page's first paint (a classic, deferred script: see
 * scriptAfterPaint in vite.config.ts). The server sends public pages rendered, so the page is
 * readable and its links work before any of this runs; fetching the app's code only after the first
 * paint leaves the phone's connection to the page's styles and its largest image first.
 * In a hidden tab animation frames wait, so a timer starts it there.
 */
(() => {
  const script = document.currentScript;
  const entry = script?.getAttribute('data-entry');
  if (!entry) return;
  const preloads = (script.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.append(app);
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
