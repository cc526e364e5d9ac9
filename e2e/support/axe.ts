import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 A and AA rules axe-core checks automatically. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One axe violation, short enough to read in a failed assertion. */
export interface AxeFinding {
  rule: string;
  impact: string | null;
  /** The first few offending elements, as selectors, with axe's summary of what is wrong. */
  nodes: string[];
}

/**
 * Runs axe-core inside the page as it is now (injected from the npm package, no download) and resolves
 * with every violation found; none is the goal.
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // Evaluated, not added as a <script>: the dashboard's Content-Security-Policy forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
      }),
    TAGS,
  );
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? null,
    nodes: violation.nodes
      .slice(0, 3)
      .map(
        (node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(0, 2).join(' ') ?? ''}`,
      ),
  }));
}
