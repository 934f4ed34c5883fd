import { expect, open, test } from "./fixtures.ts";

/**
 * On a slow line the browser paints what it has parsed so far. Boxes whose place depends on what
 * follows must not be painted half-parsed, or they jump when the rest arrives (layout shifts of up
 * to 0.12 were measured on a phone profile before): the bottom-anchored consent banner is hidden
 * until its first layer is complete, the brand strip starts at the left edge on a phone. The
 * half-parsed state is made here by taking the later parts out of the parsed page.
 */
test.describe("an undecided visitor", () => {
  test.use({ consent: null });

  test("the consent banner is not painted before its first layer is complete @mobile", async ({ page, isMobile }) => {
    test.skip(!isMobile, "phone layout");
    // Hydrated first: a page whose DOM is cut before its JavaScript starts fails hydration (#418).
    await open(page, "/");
    const banner = page.locator("section.consent-banner");
    await expect(banner).toBeVisible();
    const visibility = () => banner.evaluate((element) => getComputedStyle(element).visibility);
    expect(await visibility()).toBe("visible");
    // Parsed up to the text: no actions yet.
    const actions = await banner.evaluate((element) => {
      const form = element.querySelector(".consent-actions");
      const link = form?.querySelector(":scope > a:last-child");
      link?.remove();
      return Boolean(form && link);
    });
    expect(actions).toBe(true);
    expect(await visibility()).toBe("hidden");
  });
});

test("the brand strip starts at the left edge on a phone, however many brands are parsed @mobile", async ({ page, isMobile }) => {
  test.skip(!isMobile, "phone layout");
  // Hydrated first, as above: the page's JavaScript starts only after the first screen, and items
  // cut before it hydrates fail hydration; React then renders the strip anew under the probe.
  await open(page, "/");
  const list = page.locator(".brand-bar__list");
  const firstLeft = () => list.evaluate((element) => element.querySelector("li")!.getBoundingClientRect().left);
  const complete = await firstLeft();
  await list.evaluate((element) => {
    for (const item of [...element.querySelectorAll(":scope > li")].slice(1)) item.remove();
  });
  expect(await firstLeft()).toBe(complete);
});
