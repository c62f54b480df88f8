/*
 * Starts the app's code after the page's first paint (a classic, deferred script: see
 * scriptAfterPaint in vite.config.ts). The server sends public pages rendered, so the page is
 * readable and its links work before any of this runs; fetching the app's code only after the first
 * paint leaves the phone's connection to the page's styles and its largest image first.
 * "After" is when the browser reports the first contentful paint (an animation frame comes before
 * the frame is on screen); an empty page (a dashboard, drawn by the app) starts at once, and a
 * hidden tab, which paints nothing, after a second.
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
  const root = document.getElementById('root');
  // A button of the server's HTML (Buy now, Share, ...) does nothing until the app runs: the last one
  // clicked before then is kept, and the app clicks it again once it has taken the page over
  // (main.tsx, takeEarlyClick). Links and forms work without the app and are left alone.
  let early = null;
  const keep = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.type === 'button' && !button.disabled && root?.contains(button)) early = button;
  };
  document.addEventListener('click', keep, true);
  window.takeEarlyClick = () => {
    document.removeEventListener('click', keep, true);
    const button = early;
    early = null;
    return button;
  };
  if (!root?.hasChildNodes()) {
    start();
    return;
  }
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
