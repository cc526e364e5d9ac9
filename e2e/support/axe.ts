import { AxeBuilder } from '@axe-core/playwright';
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

/** Runs axe-core on the page as it is now; resolves with every violation found (none is the goal). */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
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
