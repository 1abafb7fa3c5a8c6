// Registers the service worker (/sw.js, src/sw/service-worker.ts) once the page has loaded, so it
// never competes with the page's own first load, then hands it what this page had already
// fetched before the worker controlled it (a first visit loads offline the next time). Kept tiny
// and free of the app's code: the prerendered home page (src/home.ts) runs it too.

/** Told when a new version has been installed and waits to take over from the running one. */
export type OnWaiting = (worker: ServiceWorker) => void;

/**
 * Tells the worker what this page has fetched: what came before it took control, and from then on
 * each file as it arrives (one that set off before the worker took over passed it by). The
 * worker fetches only what it does not have yet.
 */
function keepLoaded(worker: ServiceWorker): void {
  const send = (entries: PerformanceEntryList) => {
    const assets = entries
      .map((entry) => entry.name)
      .filter((url) => url.startsWith(`${location.origin}/assets/`));
    worker.postMessage({ type: 'keep-loaded', page: location.pathname, assets });
  };
  send(performance.getEntriesByType('resource'));
  new PerformanceObserver((list) => send(list.getEntries())).observe({ type: 'resource' });
}

async function register(onWaiting: OnWaiting | undefined): Promise<void> {
  const registration = await navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .catch(() => undefined);
  if (!registration) return;
  void navigator.serviceWorker.ready.then((ready) => {
    if (ready.active) keepLoaded(ready.active);
  });
  if (!onWaiting) return;
  // Only an update waits: the first worker a browser installs takes over at once.
  const tell = () => {
    if (registration.waiting && navigator.serviceWorker.controller) onWaiting(registration.waiting);
  };
  tell();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') tell();
    });
  });
}

export function registerServiceWorker(onWaiting?: OnWaiting): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => void register(onWaiting);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
