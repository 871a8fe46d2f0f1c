import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/**
 * The "Logging in / Please wait..." modal. A small dialog of its own: Ant
 * Design's Modal would add about 10 KB gzip to the sign-in page's budget.
 */
export function WaitDialog({ open, title, text }: { open: boolean; title: string; text: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) box.current?.focus();
  }, [open]);
  if (!open) return null;
  return createPortal(
    <div className="wait-dialog__mask">
      <div
        ref={box}
        className="wait-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="wait-dialog-title"
        aria-describedby="wait-dialog-text"
        tabIndex={-1}
      >
        <h2 id="wait-dialog-title">{title}</h2>
        <div className="wait-dialog__body">
          <span className="page-loading__spinner" aria-hidden="true" />
          <span id="wait-dialog-text">{text}</span>
        </div>
      </div>
    </div>,
    document.body,
  );
}
