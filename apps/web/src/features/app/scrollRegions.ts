/**
 * A table that scrolls sideways (a wide list on a phone, or at 1366 px) must be scrollable from the keyboard
 * (WCAG 2.1.1): its scrolling box takes the focus, so the arrow keys move it. Ant Design's tables give no way to
 * set that box's tabindex, so the boxes are marked as they appear, in one place for every page.
 */
const SCROLL_BOXES = '.ant-table-content, .ant-table-body';

function mark(root: ParentNode) {
  for (const box of root.querySelectorAll<HTMLElement>(SCROLL_BOXES)) if (!box.hasAttribute('tabindex')) box.tabIndex = 0;
}

/** Watch the document for table scroll boxes and make each one focusable; once, at start. */
export function focusableScrollRegions(doc: Document = document): void {
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    // one pass per batch of changes, however many nodes a render added, before the browser paints
    queueMicrotask(() => {
      queued = false;
      mark(doc);
    });
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  mark(doc);
}
