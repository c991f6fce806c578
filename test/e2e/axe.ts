import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core (WCAG 2.1 A and AA rules), injected into a page through the DevTools protocol (issue 23).

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Serious and critical violations of the WCAG 2.1 A/AA rules on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not govern.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  // Colours are measured as painted: a page still fading in (300 ms) blends every colour with the
  // background. Wait for the finite animations running now to end (spinners loop for ever: not those).
  await page.evaluate(
    `Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => null)))`,
  );
  const result = await page.evaluate<{ violations: Violation[] }>(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })`,
  );
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const describeViolations = (vs: Violation[]) =>
  vs
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 4)
          .map(
            (n) =>
              `      ${n.target.join(' ')}  ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('')}`,
          )
          .join('\n'),
    )
    .join('\n    ');
