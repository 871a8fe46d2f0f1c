import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import { PwaBanner } from './PwaBanner';
import './public.css';

/** `prerendered`: built into static HTML, where enhance.ts shows the notices instead. */
export function PublicPage({ children, landing = false, prerendered = false }: { children: ReactNode; landing?: boolean; prerendered?: boolean }) {
  const { t } = useTranslation('public');
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);
  return (
    <div className="pub">
      <PublicHeader sections={landing} />
      <main id="main">{children}</main>
      <PublicFooter home={!landing} />
      {!prerendered && <PwaBanner />}
    </div>
  );
}
