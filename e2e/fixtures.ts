import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { CONSENT_COOKIE, CONSENT_PURPOSES, consentValue } from "../domain/consent.ts";

/**
 * Every test fails on a console error or warning in the browser: that is where React
 * reports hydration mismatches. Expected HTTP errors of the document itself (a 404 page
 * is a 404 response) are the one exception.
 */
export const test = base.extend<{ consoleProblems: string[]; consent: "granted" | "denied" | null; presetConsent: void }>({
  /** The consent cookie each test starts with: every purpose granted, all rejected, or none (null shows the banner). */
  consent: ["denied", { option: true }],
  presetConsent: [
    async ({ context, consent, baseURL }, use) => {
      if (consent) {
        const granted = consent === "granted" ? CONSENT_PURPOSES : [];
        await context.addCookies([{ name: CONSENT_COOKIE, value: consentValue(granted, Date.now()), url: baseURL! }]);
      }
      await use();
    },
    { auto: true },
  ],
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error" && message.type() !== "warning") return;
        const text = message.text();
        if (/^Failed to load resource: the server responded with a status of (400|404|414|422)/.test(text)) return;
        problems.push(`${message.type()}: ${text}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, "browser console must stay clean (hydration warnings land here)").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Chromium's console error for a request the test aborted (`route.abort()`). */
export const ABORTED_REQUEST = /net::ERR_FAILED/;

/**
 * Drops the console problems a test provokes on purpose (an aborted request, an error status it
 * answers with), so that the fixture's clean-console check judges only the rest. Call it at the end.
 */
export function allowConsoleProblems(consoleProblems: string[], expected: RegExp) {
  consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((problem) => !expected.test(problem)));
}

/** Navigate and wait until React has hydrated the document. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return response;
}

/**
 * axe-core against WCAG 2.x A and AA, twice: as served, and with the sections that skip rendering
 * until they near the viewport (`content-visibility: auto`, ADR 0050) rendered. As served is what
 * Lighthouse's audit and any other checker read: a skipped section keeps its estimated size, so
 * content taller than the estimate overlaps what follows and fails on contrast and target size
 * (ADR 0056). Rendered is what a visitor sees once the section is near: axe reads colours and
 * geometry from the rendered page and cannot judge a skipped section's contents.
 */
export async function expectAccessible(page: Page) {
  const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
  const asServed = await new AxeBuilder({ page }).withTags(tags).analyze();
  const rendered = await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
  const whenRendered = await new AxeBuilder({ page }).withTags(tags).analyze();
  await rendered.evaluate((style) => (style as Element).remove());
  const summary = (results: typeof asServed, prefix: string) =>
    results.violations.map((violation) => `${prefix}${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect([...summary(asServed, "as served: "), ...summary(whenRendered, "")]).toEqual([]);
}

/** Records every layout shift of the page from its first script on, input or not; read them with {@link layoutShifts}. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The values of the layout shifts recorded so far ({@link recordLayoutShifts}). */
export function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
}

/** Every layout shift of the load, input or not (Chrome marks some load-time shifts as after input). */
export async function shiftsDuringLoad(page: Page, path: string): Promise<number> {
  await recordLayoutShifts(page);
  await open(page, path);
  await page.waitForTimeout(1500);
  return (await layoutShifts(page)).reduce((total, value) => total + value, 0);
}
