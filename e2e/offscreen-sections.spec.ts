import type { Page } from "@playwright/test";
import { expect, layoutShifts, open, recordLayoutShifts, test } from "./fixtures.ts";

/**
 * The footer, a location's contact-person departments and the carfinder's result cards after the
 * first row use `content-visibility: auto` (ADR 0050; client/styles.css, client/styles/locations.css;
 * an editorial page's blocks do not, ADR 0056):
 * the first layout, the work before the first paint, skips them while they are far below the viewport. What must hold: they really are skipped
 * at first, they render as the visitor gets near them, nothing on screen moves when they do (CLS),
 * the spacing is the same as without containment, and their links stay reachable by keyboard.
 */
const LOCATION = "/center/center-goslar";

test.describe("sections below the first screen on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test.beforeEach(async ({ page }) => {
    await recordLayoutShifts(page);
  });

  /**
   * Per section, whether its contents are rendered (a skipped section's own box is, its contents
   * are not), read from its first descendant with a box: a block may start with an island's
   * element, which has none (`display: contents`).
   */
  const rendered = (section: string) =>
    `[...document.querySelectorAll(${JSON.stringify(section)})].map((element) => [...element.querySelectorAll("*")].find((child) => getComputedStyle(child).display !== "contents").checkVisibility({ contentVisibilityAuto: true }))`;

  /**
   * Scrolls through the page as a visitor would, 400 px at a time, and returns per section whether
   * it was rendered at some point on the way (sections far behind are skipped again).
   */
  async function scrollThrough(page: Page, renderedNow: () => Promise<boolean[]>): Promise<boolean[]> {
    const seen = (await renderedNow()).map(() => false);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 400) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(30);
      (await renderedNow()).forEach((shown, index) => {
        seen[index] ||= shown;
      });
    }
    return seen;
  }

  test("the location page skips the footer and the far departments in its first layout, then renders them in place as they near", async ({
    page,
  }) => {
    await open(page, LOCATION);
    const departments = page.locator(".location-employees__department");
    expect(await departments.count()).toBeGreaterThan(3);
    expect(await page.evaluate(rendered(".site-footer"))).toEqual([false]);
    const atLoad: boolean[] = await page.evaluate(rendered(".location-employees__department"));
    expect(atLoad.at(-1), "the last department is several screens down").toBe(false);

    // Scroll through the page as a visitor would: every section renders on the way (and is skipped
    // again once far behind), nothing shifts.
    expect(await scrollThrough(page, () => page.evaluate(rendered(".location-employees__department")))).not.toContain(false);
    await expect.poll(() => page.evaluate(rendered(".site-footer"))).toEqual([true]);
    expect(await layoutShifts(page)).toEqual([]);

    // Containment keeps a section's first and last margins inside it: the gap between two
    // departments stays the heading's 1.5rem, as it was when the margins collapsed.
    const gap = await page.evaluate(() => {
      const [first, second] = [...document.querySelectorAll(".location-employees__department")];
      return Math.round(
        second!.querySelector("h3")!.getBoundingClientRect().top - first!.querySelector(".employee-list")!.getBoundingClientRect().bottom,
      );
    });
    expect(gap).toBe(24);
  });

  test("a jump to the end and back moves nothing on screen", async ({ page }) => {
    await open(page, LOCATION);
    for (const fraction of [1, 0.5, 0.25, 0.75, 0]) {
      await page.evaluate((at) => window.scrollTo(0, document.documentElement.scrollHeight * at), fraction);
      await page.waitForTimeout(100);
    }
    expect(await layoutShifts(page)).toEqual([]);
  });

  test("the footer's links are reached by keyboard while the footer is still skipped", async ({ page }) => {
    // Chromium renders such sections within 150 % of the viewport's height: a short page's footer
    // is not skipped at all, the location page's is (it starts some nine screens down).
    await open(page, LOCATION);
    expect(await page.evaluate(rendered(".site-footer"))).toEqual([false]);
    const imprint = page.locator(".site-footer").getByRole("link", { name: "Impressum" });
    await imprint.focus();
    await expect(imprint).toBeFocused();
    await expect(imprint).toBeInViewport();
  });

  test("the carfinder lays out the first row of results at once and the rest on the way; a far card's toggles work", async ({ page }) => {
    await open(page, "/carfinder");
    const cards: boolean[] = await page.evaluate(rendered(".vehicle-grid > li"));
    expect(cards.length).toBe(24);
    expect(cards.slice(0, 3), "the first row is never skipped").toEqual([true, true, true]);
    expect(cards.at(-1), "the last card is a dozen screens down").toBe(false);

    // A card far down works as any other: scrolled to, it renders without moving anything, and its
    // compare checkbox takes the vehicle. Counted from when the lists have been read (the first
    // card's checkbox enabled): the summary links above the results widen then, a load-time shift
    // of its own (0.0004) that lands before or during the scroll depending on the machine.
    await expect(
      page
        .locator(".vehicle-card")
        .first()
        .getByRole("checkbox", { name: /^Vergleichen: / }),
    ).toBeEnabled();
    // Two frames, so a shift of that render has been painted and reported.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const settled = (await layoutShifts(page)).length;
    const far = page.locator(".vehicle-card").nth(20);
    await far.scrollIntoViewIfNeeded();
    await expect.poll(async () => ((await page.evaluate(rendered(".vehicle-grid > li"))) as boolean[])[20]).toBe(true);
    expect((await layoutShifts(page)).slice(settled)).toEqual([]);
    const compare = far.getByRole("checkbox", { name: /^Vergleichen: / });
    await expect(compare).toBeEnabled();
    await compare.check();
    await expect(compare).toBeChecked();
  });
});
