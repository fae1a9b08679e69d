import axe from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = axe.source;

/** Serious and critical axe-core violations of the page (the script is evaluated over CDP, which the page's CSP does not govern). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    return (await axe.run()).violations;
  });
  return result
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
