import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './demoBanner.css';

/**
 * "Demonstration data — not for patients", on every page while the server
 * reports active demo accounts (their password is published in the README).
 * Plain React: it is part of the public pages, which carry no Ant Design.
 */
export function DemoBanner() {
  const { t } = useTranslation('public');
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/health/', { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { demo?: boolean } | null) => setDemo(body?.demo === true))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  useEffect(() => {
    document.body.classList.toggle('has-demo-banner', demo);
  }, [demo]);
  if (!demo) return null;
  return (
    <div className="demo-banner" role="status">
      <strong>{t('demo.title')}</strong> <span className="demo-banner__detail">{t('demo.detail')}</span>
    </div>
  );
}
