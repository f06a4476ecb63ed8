import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { TestBrowser } from '../../test/browser.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const sizes = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
};

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it is. The script is evaluated through the DevTools
 * protocol, which the page's Content-Security-Policy (scripts from its own files only) does not govern.
 */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(options: object): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const { violations } = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target }) => ({ target })),
    }));
  });
}

/** The serious and critical violations, as "rule: help (elements)" lines a failure can show. */
export const serious = (violations: AxeViolation[]) =>
  violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
    );

/** Screenshots of the page as shown at phone and desktop size, each checked for accessibility at that size. */
export async function capture(browser: TestBrowser, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [size, viewport] of Object.entries(sizes)) {
    await browser.page.setViewportSize(viewport);
    await browser.screenshot(`${name}-${size}-${viewport.width}px`);
    problems.push(...serious(await accessibilityViolations(browser.page)).map((line) => `${name} ${size}: ${line}`));
  }
  await browser.page.setViewportSize(sizes.desktop);
  return problems;
}

/**
 * Resolves when the page's graphql-ws socket has sent a subscription whose text contains `field`, so that an
 * event made after it finds the subscriber (a short pause lets the server register it).
 */
export function subscriptionSent(page: Page, field: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        const text = String(payload);
        if (text.includes('"subscribe"') && text.includes(field)) setTimeout(resolve, 300);
      }),
    );
  });
}
