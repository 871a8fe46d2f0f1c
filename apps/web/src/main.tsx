import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { focusableScrollRegions } from './features/app/scrollRegions';
import { initI18n } from './i18n';
import { registerServiceWorker } from './pwa/serviceWorker';
import { Root } from './Root';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Render once the current language's public catalog is in, so no page flashes raw keys.
initI18n()
  .catch(() => undefined)
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <Root />
      </StrictMode>,
    );
    registerServiceWorker();
    focusableScrollRegions();
  });
