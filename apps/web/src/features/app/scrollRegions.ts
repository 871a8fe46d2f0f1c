/**
 * A table that scrolls sideways (a wide list on a phone, or at 1366 px) must be scrollable from the keyboard
 * (WCAG 2.1.1): its scrolling box takes the focus, so the arrow keys move it. Ant Design's tables give no way to
 * set that box's tabindex, so the boxes are marked as they appear, in one place for every page.
 */
const SCROLL_BOXES = '.ant-table-content, .ant-table-body';

function markBox(box: HTMLElement) {
  if (!box.hasAttribute('tabindex')) box.tabIndex = 0;
}

/** The boxes in what a render added: the node itself, or inside it. */
function markIn(node: Node) {
  if (!(node instanceof HTMLElement)) return;
  if (node.matches(SCROLL_BOXES)) markBox(node);
  for (const box of node.querySelectorAll<HTMLElement>(SCROLL_BOXES)) markBox(box);
}

/** Watch the document for table scroll boxes and make each one focusable as it is added; once, at start. */
export function focusableScrollRegions(doc: Document = document): void {
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) markIn(node);
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  markIn(doc.body);
}
