// The one accessibility check every journey runs (axe): WCAG 2.1 A and AA, plus two rules axe
// leaves off by default that a person notices: headings that skip a level, and a control whose
// accessible name does not contain its visible text (WCAG 2.5.3, "Label in Name": a voice user
// says what they see).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export function axeCheck(page: Page): AxeBuilder {
  return (
    new AxeBuilder({ page })
      // A toast fading in or out is measured mid-animation and reads as low contrast, failing
      // at random; toast colours are set for contrast once, in index.css.
      .exclude('[data-sonner-toaster]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .options({
        rules: {
          'heading-order': { enabled: true },
          'label-content-name-mismatch': { enabled: true },
        },
      })
  );
}

/** The violations as lines that name the rule and where, for an assertion's message. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await axeCheck(page).analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
