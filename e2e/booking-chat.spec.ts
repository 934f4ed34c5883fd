import type { Page } from "@playwright/test";
import { ABORTED_REQUEST, allowConsoleProblems, expect, expectAccessible, open, test } from "./fixtures.ts";

/**
 * The appointment-booking button and the autochat, against the local stand-ins
 * (client/public/demo/, protocol in docs/third-party-protocols.md). Both load only after consent;
 * the consent decision is the `agn_consent` cookie the worker reads (ADR 0010).
 */

const WIDGET = /\/demo\/appointments-widget\.js/;
const CHAT = /\/demo\/chat-widget\.js/;

// Every test starts as a visitor who decided and granted nothing (the consent cookie `v1.none.…`).
test.use({ consent: "denied" });

/** A decided visitor who granted the listed purposes (canonical order booking before chat is "chat-booking"). */
async function decide(page: Page, granted: "booking" | "chat" | "chat-booking") {
  const url = test.info().project.use.baseURL ?? "";
  await page.context().addCookies([{ name: "agn_consent", value: `v1.${granted}.${Math.floor(Date.now() / 1000)}`, url }]);
}

/** Every request the page makes to a URL matching `pattern`. */
function requestsTo(page: Page, pattern: RegExp): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (pattern.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** console.info messages (the spec's "logged" messages; warnings and errors fail every test). */
function infoMessages(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "info") messages.push(message.text());
  });
  return messages;
}

test.describe("booking button", () => {
  test("without consent a click shows the consent gate and loads nothing; 'Einmal laden' loads the widget once with app, appcode, settings, autoenable=false and opens it with the block's options", async ({
    page,
  }) => {
    const widgetRequests = requestsTo(page, WIDGET);
    await open(page, "/werkstatt/online-werkstatttermin");
    const button = page.getByRole("button", { name: "Werkstatttermin buchen" });
    await expect(button).toHaveAttribute("aria-haspopup", "dialog");
    await button.click();

    const gate = page.getByRole("group", { name: "Einwilligung zur Online-Terminbuchung" });
    await expect(gate).toBeFocused();
    await expect(gate).toContainText("„Online-Terminbuchung“ wird von Demo-Terminservice bereitgestellt");
    await expectAccessible(page);
    expect(widgetRequests).toEqual([]);
    expect(await page.locator("script[data-external-service]").count()).toBe(0);

    await gate.getByRole("button", { name: /Einmal laden/ }).click();
    const dialog = page.getByRole("dialog", { name: "Termin buchen (Demo)" });
    await expect(dialog).toBeVisible();
    expect(widgetRequests).toHaveLength(1);
    const src = new URL(widgetRequests[0]!);
    expect(Object.fromEntries(src.searchParams)).toEqual({ app: "agn-website", appcode: "demo", settings: "default", autoenable: "false" });
    await expect(dialog.locator('[data-option="make"]')).toHaveText("mercedes-benz");
    await expect(dialog.locator('[data-option="location"]')).toHaveText("center-hamburg-am-rothenbaum");
    await expect(dialog.locator('[data-option="product_category"]')).toHaveText("service");
    await expect(dialog.getByRole("link", { name: "Werkstatttermin anfragen" })).toHaveAttribute(
      "href",
      "/werkstatt/online-werkstatttermin",
    );
    await expectAccessible(page);

    // Escape closes it and focus returns to the button; opening again needs no second request.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Schließen" }).click();
    expect(widgetRequests).toHaveLength(1);
  });

  test("with consent two booking blocks share one script; it is removed when the page's buttons unmount", async ({ page }) => {
    await decide(page, "booking");
    const widgetRequests = requestsTo(page, WIDGET);
    await open(page, "/werkstatt/online-werkstatttermin");
    await page.getByRole("button", { name: "Werkstatttermin buchen" }).click();
    const dialog = page.getByRole("dialog", { name: "Termin buchen (Demo)" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");

    // The instant-appointment grid opens the same widget with its own options (no location set).
    await page.getByRole("button", { name: "Freie Termine anzeigen" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-option="location"]')).toHaveText("frei wählbar");
    await page.keyboard.press("Escape");
    expect(widgetRequests).toHaveLength(1);
    await expect(page.locator("script[data-external-service]")).toHaveCount(1);

    // Client navigation away unmounts both buttons: the script element goes (spec section 7).
    await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Karriere" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Karriere");
    await expect(page.locator("script[data-external-service]")).toHaveCount(0);
  });

  test("product_category_hidden hides the category in the widget (the test-drive button)", async ({ page }) => {
    await decide(page, "booking");
    await open(page, "/probefahrt");
    await page.getByRole("button", { name: "Probefahrt buchen" }).click();
    const dialog = page.getByRole("dialog", { name: "Termin buchen (Demo)" });
    await expect(dialog.locator('[data-option="make"]')).toHaveText("mercedes-benz");
    await expect(dialog.locator('[data-option="product_category"]')).toHaveCount(0);
  });

  test("a failing widget script logs a console message and the button follows its link target", async ({ page, consoleProblems }) => {
    await decide(page, "booking");
    const infos = infoMessages(page);
    await page.route(WIDGET, (route) => route.abort());
    await open(page, "/werkstatt/online-werkstatttermin");
    await page.getByRole("button", { name: "Werkstatttermin buchen" }).click();
    await expect(page).toHaveURL(/\/ansprechpartner$/);
    expect(
      infos.some(
        (text) => text.includes("Booking plugin unavailable") && text.includes("Werkstatttermin buchen") && text.includes("failed to load"),
      ),
    ).toBe(true);
    // Chromium reports the aborted request itself as a console error: expected here.
    allowConsoleProblems(consoleProblems, ABORTED_REQUEST);
  });

  test("a script that registers no widget counts as a missing plugin; on its own target page the button shows phone and e-mail instead", async ({
    page,
  }) => {
    await decide(page, "booking");
    const infos = infoMessages(page);
    await page.route(WIDGET, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "/* registers nothing */" }));
    await open(page, "/werkstatt/online-werkstatttermin");
    await page.getByRole("button", { name: "Freie Termine anzeigen" }).click();
    const notice = page.locator(".booking-button__notice");
    await expect(notice).toBeFocused();
    await expect(notice).toContainText("Die Online-Terminbuchung ist gerade nicht verfügbar.");
    await expect(notice.getByRole("link", { name: "040 123456-0" })).toHaveAttribute("href", "tel:0401234560");
    await expect(notice.getByRole("link", { name: "hamburg-am-rothenbaum@autohaus-gruppe-nord.de" })).toBeVisible();
    expect(infos.some((text) => text.includes("did not register window.AppointmentsWidget"))).toBe(true);
    // The button is its link again (the plugin is missing) — not back to this page: to the direct contact.
    await expect(page.getByRole("link", { name: "Termin telefonisch oder per E-Mail anfragen" })).toHaveAttribute("href", "/directcontact");
    await expectAccessible(page);
  });

  test("keyboard only: Tab to the button, Enter, consent with Enter, Escape back to the button", async ({ page }) => {
    await open(page, "/probefahrt");
    const button = page.getByRole("button", { name: "Probefahrt buchen" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("group", { name: "Einwilligung zur Online-Terminbuchung" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: /Einmal laden/ })).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Termin buchen (Demo)" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Werkstatttermin anfragen" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toBeFocused();
  });
});

test.describe("autochat", () => {
  test("the bubble appears after about a second; without consent the panel offers the gate and phone and e-mail and loads nothing; Escape closes it", async ({
    page,
  }) => {
    const chatRequests = requestsTo(page, CHAT);
    await page.goto("/werkstatt");
    const started = Date.now();
    const bubble = page.getByRole("button", { name: "Chat", exact: true });
    await expect(bubble).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

    await bubble.click();
    const panel = page.getByRole("dialog", { name: "Chat mit uns" });
    await expect(panel).toBeFocused();
    await expect(bubble).toHaveAttribute("aria-expanded", "true");
    await expect(panel.locator("[data-chat-state]")).toHaveAttribute("data-chat-state", "idle");
    await expect(panel).toContainText("„Chat“ wird von Demo-Chat bereitgestellt");
    await expect(panel.getByRole("link", { name: "040 123456-0" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "hamburg-am-rothenbaum@autohaus-gruppe-nord.de" })).toBeVisible();
    await expectAccessible(page);
    expect(chatRequests).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(bubble).toBeFocused();
    await expect(bubble).toHaveAttribute("aria-expanded", "false");
    expect(chatRequests).toEqual([]);
  });

  test("with consent: loading, then ready with the vendor's greeting; messages work", async ({ page }) => {
    await decide(page, "chat");
    const chatRequests = requestsTo(page, CHAT);
    await open(page, "/");
    await page.getByRole("button", { name: "Chat", exact: true }).click();
    const state = page.getByRole("dialog", { name: "Chat mit uns" }).locator("[data-chat-state]");
    await expect(state).toHaveAttribute("data-chat-state", "loading");
    await expect(state).toHaveAttribute("data-chat-state", "ready");
    await expect(page.getByRole("log", { name: "Chatverlauf" })).toContainText("Moin!");
    expect(chatRequests.map((url) => new URL(url).search)).toEqual(["?id=agn-demo"]);
    await page.getByLabel("Ihre Nachricht").fill("Haben Sie Samstag geöffnet?");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("log", { name: "Chatverlauf" })).toContainText("Haben Sie Samstag geöffnet?");
    await expectAccessible(page);
  });

  test("a chat script that fails: error with retry, then the fallback with phone and e-mail of the page's location", async ({
    page,
    consoleProblems,
  }) => {
    await decide(page, "chat");
    const infos = infoMessages(page);
    await page.route(CHAT, (route) => route.abort());
    await open(page, "/center/center-husum");
    await page.getByRole("button", { name: "Chat", exact: true }).click();
    const panel = page.getByRole("dialog", { name: "Chat mit uns" });
    const state = panel.locator("[data-chat-state]");
    await expect(state).toHaveAttribute("data-chat-state", "error");
    await expect(panel).toContainText("Der Chat konnte nicht geladen werden.");
    await expect(panel.getByRole("link", { name: "04841 6677-0" })).toHaveAttribute("href", "tel:0484166770");
    await panel.getByRole("button", { name: "Erneut versuchen" }).click();
    await expect(state).toHaveAttribute("data-chat-state", "fallback");
    await expect(panel).toContainText("Der Chat ist gerade nicht verfügbar.");
    await expect(panel).toContainText("So erreichen Sie Center Husum direkt:");
    await expect(panel.getByRole("link", { name: "husum@autohaus-gruppe-nord.de" })).toHaveAttribute(
      "href",
      "mailto:husum@autohaus-gruppe-nord.de",
    );
    expect(infos.filter((text) => text.startsWith("Autochat unavailable"))).toHaveLength(2);
    await expectAccessible(page);
    allowConsoleProblems(consoleProblems, ABORTED_REQUEST);
  });

  test("keyboard only: Shift+Tab reaches the bubble, Enter opens, 'Immer erlauben' loads the chat, Escape returns to the bubble", async ({
    page,
  }) => {
    await open(page, "/ueber-uns");
    const bubble = page.getByRole("button", { name: "Chat", exact: true });
    await expect(bubble).toBeVisible();
    await page.locator("body").focus();
    await page.keyboard.press("Shift+Tab");
    await expect(bubble).toBeFocused();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Chat mit uns" });
    await expect(panel).toBeFocused();
    // The chat view's chunk was fetched when the bubble got focus; the panel says it is loading until
    // it is in (ADR 0055), and only then has controls to tab to.
    await expect(panel.locator("[data-chat-state]")).toBeAttached();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("button", { name: "Chat schließen" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("button", { name: /Einmal laden/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("button", { name: /Immer erlauben/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(panel.locator("[data-chat-state]")).toHaveAttribute("data-chat-state", "ready");
    // The grant is stored for the whole site (the consent cookie).
    expect((await page.context().cookies()).find((cookie) => cookie.name === "agn_consent")?.value).toMatch(/^v1\.chat\.\d+$/);
    await page.keyboard.press("Escape");
    await expect(bubble).toBeFocused();
  });

  // The chat view's chunk in either build (the app build names it "chat" with a "chat-view" facade).
  const CHAT_VIEW_CHUNK = /\/assets\/(?:ed-)?chat(?:-view)?-[\w-]{8}\.js$/;

  for (const path of ["/werkstatt", "/carfinder"]) {
    test(`${path}: the bubble is one fetch; the chat view's chunk comes when the visitor reaches for the bubble`, async ({ page }) => {
      const launcher = requestsTo(page, /\/assets\/(?:ed-)?chat-launcher-[\w-]{8}\.js$/);
      const view = requestsTo(page, CHAT_VIEW_CHUNK);
      const all = requestsTo(page, /\/assets\/.*\.js$/);
      await open(page, path);
      const bubble = page.getByRole("button", { name: "Chat", exact: true });
      await expect(bubble).toBeVisible();
      expect(launcher).toHaveLength(1);
      // Nothing was fetched with the bubble: its chunk was the last script the page asked for.
      expect(all.at(-1)).toBe(launcher[0]);
      expect(view).toEqual([]);

      await bubble.focus();
      await expect.poll(() => view.length).toBeGreaterThan(0);
      await bubble.click();
      const panel = page.getByRole("dialog", { name: "Chat mit uns" });
      await expect(panel.locator("[data-chat-state]")).toHaveAttribute("data-chat-state", "idle");
    });
  }

  test("a chat view that cannot be fetched: the panel says so and the bubble still closes it", async ({ page, consoleProblems }) => {
    await page.route(CHAT_VIEW_CHUNK, (route) => route.abort());
    await open(page, "/werkstatt");
    const bubble = page.getByRole("button", { name: "Chat", exact: true });
    await bubble.click();
    const panel = page.getByRole("dialog", { name: "Chat mit uns" });
    await expect(panel.getByRole("status")).toHaveText("Der Chat ist gerade nicht verfügbar. Bitte laden Sie die Seite neu.");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(bubble).toBeFocused();
    allowConsoleProblems(consoleProblems, ABORTED_REQUEST);
  });

  test("the embed_chat block starts the same chat inline", async ({ page }) => {
    await decide(page, "chat");
    await open(page, "/werkstatt/online-werkstatttermin");
    const block = page.getByRole("region", { name: "Fragen zum Termin?" });
    await block.getByRole("button", { name: "Chat starten" }).click();
    await expect(block.locator("[data-chat-state]")).toHaveAttribute("data-chat-state", "ready");
    await expect(block.getByRole("log", { name: "Chatverlauf" })).toContainText("Moin!");
  });
});

test("@mobile the bubble is an overlay above the sticky contact bar: no layout shift, nothing covered", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { layoutShift: number }).layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) (window as unknown as { layoutShift: number }).layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await open(page, "/werkstatt");
  const bubble = page.getByRole("button", { name: "Chat", exact: true });
  await expect(bubble).toBeVisible();
  const bubbleBox = (await bubble.boundingBox())!;
  const barBox = (await page.getByRole("complementary", { name: "Schnellkontakt" }).boundingBox())!;
  expect(bubbleBox.y + bubbleBox.height).toBeLessThanOrEqual(barBox.y);
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThanOrEqual(0.05);
});
