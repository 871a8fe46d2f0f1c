import type { ReactNode } from 'react';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import { PwaBanner } from './PwaBanner';
import './public.css';

export function PublicPage({ children, landing = false }: { children: ReactNode; landing?: boolean }) {
  return (
    <div className="pub">
      <PublicHeader sections={landing} />
      <main id="main">{children}</main>
      <PublicFooter home={!landing} />
      <PwaBanner />
    </div>
  );
}
