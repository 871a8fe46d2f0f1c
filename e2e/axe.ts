import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's own script, put into each page as it is. */
const AXE_SOURCE: string = (require('axe-core') as { source: string }).source;

/** WCAG 2.1 level A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
  html: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Wait until the page has drawn its data: no spinner or loading skeleton, and a quiet moment. */
export async function settled(page: Page): Promise<void> {
  const busy = page.locator('.ant-spin-spinning, .ant-skeleton-active, .page-loading');
  for (let i = 0; i < 20 && (await busy.count()) > 0; i++) await page.waitForTimeout(250);
  await page.waitForTimeout(200);
}

/**
 * The critical and serious WCAG 2.1 A/AA violations axe-core finds on the page as it is now, as readable lines:
 * the rule, its impact, the elements (their selectors) and what to change. Empty when there are none.
 */
export async function accessibilityProblems(page: Page, name: string, options: { include?: string } = {}): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the app's Content-Security-Policy (no inline scripts) stays as it is.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, include }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(include ? { include: [include] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html.slice(0, 160) })),
      }));
    },
    { tags: WCAG_TAGS, include: options.include },
  );
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => {
      const nodes = v.nodes.slice(0, 6).map((n) => {
        const summary = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim().slice(0, 220);
        return `    ${n.target.map(String).join(' > ')}\n      ${n.html}\n      ${summary}`;
      });
      const more = v.nodes.length > 6 ? [`    … and ${v.nodes.length - 6} more`] : [];
      return [`${name}: ${v.id} (${v.impact}, ${v.nodes.length} elements): ${v.help}`, ...nodes, ...more].join('\n');
    });
}

/** Fail when axe-core finds a critical or serious WCAG 2.1 A/AA violation on the page (or within `include`). */
export async function expectAccessible(page: Page, name: string, options: { include?: string } = {}): Promise<void> {
  const problems = await accessibilityProblems(page, name, options);
  if (problems.length) throw new Error(`Accessibility violations:\n${problems.join('\n')}`);
}
