import { useEffect } from 'react';

const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * A table wider (or taller) than its box scrolls inside it; with only text in it, a keyboard could not reach it to
 * scroll (WCAG 2.1.1). Such a box is made focusable, and no longer once it fits again, for every table of the app.
 */
export function useScrollableTables(): void {
  useEffect(() => {
    let frame = 0;
    const mark = () => {
      frame = 0;
      for (const box of document.querySelectorAll<HTMLElement>(SCROLLERS)) {
        const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
        if (scrolls && !box.hasAttribute('tabindex')) box.setAttribute('tabindex', '0');
        else if (!scrolls && box.getAttribute('tabindex') === '0') box.removeAttribute('tabindex');
      }
      // The row a table measures its columns with holds a copy of each heading (a "select all" box too), hidden from
      // a screen reader; made inert, the keyboard cannot land in it either.
      for (const row of document.querySelectorAll<HTMLElement>('.ant-table-measure-row:not([inert])')) row.inert = true;
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(mark);
    };
    const observer = new MutationObserver(later);
    // Rows added, and sizes changed without a new element (a column widened, a chart drawn above): either can make a
    // table start or stop scrolling. Marking touches neither `style` nor `class`, so it does not wake itself.
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class'] });
    window.addEventListener('resize', later);
    later();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', later);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
