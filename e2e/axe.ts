import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Serious or critical WCAG 2.2 A/AA violations axe-core finds on the page, with what fails where.
 * `minPasses`: how many rules must have passed for the run to count (a page with little on it, such
 * as the answering page's thank-you, passes fewer).
 */
export async function seriousViolations(page: Page, minPasses = 10): Promise<string[]> {
  // Legacy mode runs axe.run in the page itself. The default opens a blank page per run to merge
  // the frames' results, which made each check two to three times slower (e2e/accessibility.test.ts
  // runs about a hundred) and adds nothing here: Loop has no cross-origin frames, and the sandboxed
  // frame of a mail preview is out of reach in either mode.
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  // axe really ran its rules (an empty run would report no violations too).
  expect(result.passes.length).toBeGreaterThan(minPasses);
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`)
          .join(', ')}`,
    );
}
