/**
 * The only script of the prerendered landing and terms pages (no React, no
 * router): the language menu, the demonstration banner, the service worker
 * and its update and install notices. The pages read fine without it.
 */
import '../../../index.css';
import '../public.css';
import '../../language/language.css';
import '../../demo/demoBanner.css';
import { LANG_STORAGE_KEY, isLanguage } from '../../../i18n/languages';
import { applyUpdate, getPwaState, registerServiceWorker, subscribePwa } from '../../../pwa/serviceWorker';
import { rememberLanguage } from '../../../i18n/language-cookie';

const notice = (name: string) => document.querySelector<HTMLElement>(`[data-notice="${name}"]`);

// A language chosen in the app before the server could see it (kept only on this device): carry it to the
// cookie and ask for the page again in that language — once per tab, so a browser refusing cookies is not
// reloaded for ever.
try {
  const chosen = localStorage.getItem(LANG_STORAGE_KEY);
  if (chosen && isLanguage(chosen) && chosen !== document.documentElement.lang && !sessionStorage.getItem('lang-carried')) {
    sessionStorage.setItem('lang-carried', '1');
    rememberLanguage(chosen);
    window.location.reload();
  }
} catch {
  // No storage (private mode): the page stays in the language the server chose.
}

for (const select of document.querySelectorAll<HTMLSelectElement>('.lang-select select')) {
  select.addEventListener('change', () => {
    const language = select.value;
    if (!isLanguage(language)) return;
    try {
      localStorage.setItem(LANG_STORAGE_KEY, language);
    } catch {
      // Private mode: the cookie still carries the choice.
    }
    rememberLanguage(language);
    window.location.reload();
  });
}

fetch('/api/health/', { headers: { Accept: 'application/json' } })
  .then((res) => (res.ok ? res.json() : null))
  .then((body: { demo?: boolean } | null) => {
    const banner = notice('demo');
    if (body?.demo !== true || !banner) return;
    banner.hidden = false;
    document.body.classList.add('has-demo-banner');
  })
  .catch(() => undefined);

// As long as the app's own notice (pwa/usePwa.ts), without importing React for it.
const INSTALLED_NOTICE_MS = 6000;
let installedTimer: ReturnType<typeof setTimeout> | undefined;
function showPwa(): void {
  const { updateReady, installedAt } = getPwaState();
  const update = notice('update');
  const installed = notice('installed');
  if (update) update.hidden = !updateReady;
  if (installed && installedAt && !updateReady) {
    installed.hidden = false;
    clearTimeout(installedTimer);
    installedTimer = setTimeout(() => {
      installed.hidden = true;
    }, INSTALLED_NOTICE_MS);
  }
}
subscribePwa(showPwa);
document.querySelector('[data-action="refresh"]')?.addEventListener('click', applyUpdate);
registerServiceWorker();
