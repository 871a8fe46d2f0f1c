/**
 * Service worker registration and its two user-facing events: a new version
 * is waiting, and the app was installed. Kept free of UI code so the public
 * pages (plain HTML) and the app (Ant Design) can each show them their way.
 */
export interface PwaState {
  /** A new worker is installed and waiting while an old one controls the page. */
  updateReady: boolean;
  /** Time of the last `appinstalled` event, for a short-lived notice. */
  installedAt: number | null;
}

const UPDATE_CHECK_MS = 30 * 60 * 1000;

let state: PwaState = { updateReady: false, installedAt: null };
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<PwaState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getPwaState(): PwaState {
  return state;
}

export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function offer(worker: ServiceWorker): void {
  // Without a controller this is the first install, not an update.
  if (!navigator.serviceWorker.controller) return;
  waiting = worker;
  set({ updateReady: true });
}

/** Offer a worker once it has installed; it may be mid-install when the page registers. */
function track(worker: ServiceWorker | null): void {
  if (!worker) return;
  if (worker.state === 'installed') {
    offer(worker);
    return;
  }
  worker.addEventListener('statechange', () => {
    if (worker.state === 'installed') offer(worker);
  });
}

function watch(registration: ServiceWorkerRegistration): void {
  track(registration.waiting);
  track(registration.installing);
  registration.addEventListener('updatefound', () => track(registration.installing));
  setInterval(() => registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/** Tell the waiting worker to take over, and reload once it does. */
export function applyUpdate(): void {
  if (!waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

export function registerServiceWorker(): void {
  window.addEventListener('appinstalled', () => set({ installedAt: Date.now() }));
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .then(watch)
      .catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
