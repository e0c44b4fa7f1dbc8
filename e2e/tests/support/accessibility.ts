import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules the portal is held to (issue 30): WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The WCAG A/AA rules whose answer depends on colours: the only ones a second theme can change
 * (the page's names, roles, structure and focus order are the same in both themes).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe's violations on the page as it is now, one line per element, saying which rule and where.
 * `colours`: only the colour rules, for the same screen already checked whole in another theme.
 */
export async function accessibilityViolations(
  page: Page,
  check: 'all' | 'colours' = 'all',
): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const { violations } = await (
    check === 'colours' ? axe.withRules(COLOUR_RULES) : axe.withTags(WCAG_TAGS)
  ).analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`,
    ),
  );
}
