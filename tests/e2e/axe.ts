import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** A violation as the page answers it: only what a failure message needs crosses back. */
interface Found {
  id: string;
  impact: string | null | undefined;
  nodes: { target: string; summary: string }[];
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * axe-core's serious and critical violations on the page as it is, one line each (rule, impact, where),
 * `rules` naming the only rules to run. axe is put in the page once and stays for all the hash routes
 * of its document: @axe-core/playwright put its 550 kB in again for every check and finished each in a
 * new blank page, 2.9 s a route on this machine against 0.4 s this way. The console has no frames, so
 * its one document is all there is to check.
 */
export async function seriousViolations(page: Page, where: string, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (only): Promise<Found[]> => {
    const result = await window.axe!.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule' as const, values: only } } : {}),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
    }));
  }, rules);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where} ${v.id} (${v.impact}): ${n.target} — ${n.summary.split('\n')[1]?.trim() ?? ''}`));
}
