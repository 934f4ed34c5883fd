import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every test fails on a console error or warning in the browser: that is where React
 * reports hydration mismatches. Expected HTTP errors of the document itself (a 404 page
 * is a 404 response) are the one exception.
 */
export const test = base.extend<{ consoleProblems: string[]; consent: "granted" | "denied" | null; presetConsent: void }>({
  /** The stored cookie decision each test starts with; null shows the consent banner. */
  consent: ["denied", { option: true }],
  presetConsent: [
    async ({ page, consent }, use) => {
      if (consent) {
        await page.addInitScript((analytics) => {
          if (!window.localStorage.getItem("agn-consent")) window.localStorage.setItem("agn-consent", JSON.stringify({ analytics, decidedAt: Date.now() }));
        }, consent === "granted");
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
        if (/^Failed to load resource: the server responded with a status of (400|404|414)/.test(text)) return;
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

/** Navigate and wait until React has hydrated the document. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return response;
}

/** axe-core against WCAG 2.x A and AA. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}
