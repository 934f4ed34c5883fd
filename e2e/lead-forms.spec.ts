import type { Page } from "@playwright/test";
import { ABORTED_REQUEST, allowConsoleProblems, expect, expectAccessible, open, test } from "./fixtures.ts";

const VEHICLE = "/carfinder/100001-1-mercedes-benz-a-180-progressive";

/** A weekday 3–10 days ahead (never Sunday), as the date input wants it. */
function upcomingWeekday(): string {
  const date = new Date();
  date.setDate(date.getDate() + 3);
  if (date.getDay() === 0) date.setDate(date.getDate() + 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

async function fillContact(page: Page) {
  await page.getByLabel("Vorname").fill("Erika");
  await page.getByLabel("Nachname").fill("Mustermann");
  await page.getByLabel("E-Mail-Adresse").fill("erika.mustermann@example.de");
  await page.getByLabel("Telefonnummer").fill("040 123456");
  await page.getByRole("checkbox", { name: /Ich bin einverstanden/ }).check();
}

test("test drive: the vehicle stands beside the form; a field says what is wrong when it loses focus", async ({ page }) => {
  await open(page, `${VEHICLE}/probefahrt`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Probefahrt: Mercedes-Benz A 180");
  await expect(page.getByRole("complementary", { name: "Mercedes-Benz A 180" })).toBeVisible();
  const email = page.getByLabel("E-Mail-Adresse");
  await email.fill("erika@");
  await email.blur();
  await expect(page.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // An untouched field says nothing yet; fixing the field clears its message.
  await expect(page.getByText("Bitte geben Sie Ihren Vornamen ein.")).toHaveCount(0);
  await email.fill("erika@example.de");
  await email.blur();
  await expect(page.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toHaveCount(0);
  // Checkboxes validate as soon as they change.
  const licence = page.getByRole("checkbox", { name: /Führerschein/ });
  await licence.check();
  await licence.uncheck();
  await expect(page.getByText("Für eine Probefahrt benötigen Sie einen gültigen Führerschein.")).toBeVisible();
  await expectAccessible(page);
});

test("test drive: sending an incomplete form is refused with a focused summary that links each problem", async ({ page }) => {
  await open(page, `${VEHICLE}/probefahrt`);
  let posted = false;
  await page.route("**/api/leads", (route) => {
    posted = true;
    return route.abort();
  });
  await page.getByRole("button", { name: "Probefahrt anfragen" }).click();
  const summary = page.locator(".lead-form__summary");
  await expect(summary).toContainText("Formular unvollständig.");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Vorname: Bitte geben Sie Ihren Vornamen ein." })).toBeVisible();
  await expect(summary.getByRole("link", { name: /^Wunschtermin:/ })).toBeVisible();
  await summary.getByRole("link", { name: /^Vorname:/ }).click();
  await expect(page.getByLabel("Vorname")).toBeFocused();
  expect(posted).toBe(false);
  await expectAccessible(page);
});

test("interest: a lost connection keeps every value and offers to send again", async ({ page, consoleProblems }) => {
  await open(page, `${VEHICLE}/interesse`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Interesse: Mercedes-Benz A 180");
  await page.route("**/api/leads", (route) => route.abort());
  await fillContact(page);
  await page.getByRole("button", { name: "Anfrage senden" }).click();
  await expect(page.locator(".lead-form__summary")).toContainText("Es ist etwas schiefgelaufen...");
  await expect(page.getByLabel("Vorname")).toHaveValue("Erika");
  await expect(page.getByRole("button", { name: "Erneut senden" })).toBeVisible();
  await expect(page.locator(".lead-form")).toHaveAttribute("data-state", "errored");
  // The aborted request is the point of this test, not a problem of the page.
  allowConsoleProblems(consoleProblems, ABORTED_REQUEST);
});

test("model test drive, model contact, direct contact: real forms with a location choice", async ({ page }) => {
  await open(page, "/hyundai/modelle/kona/probefahrt");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Probefahrt im Hyundai KONA");
  await expect(page.getByLabel("Standort")).toContainText("Hamburg");
  await page.getByLabel(/^Wunschtermin/).fill(upcomingWeekday());
  await expectAccessible(page);
  await open(page, "/hyundai/modelle/kona/kontakt");
  await expect(page.getByRole("heading", { level: 2, name: "Ihre Frage zum Hyundai KONA" })).toBeVisible();
  await expectAccessible(page);
  await open(page, "/directcontact");
  await expect(page.getByLabel("Worum geht es?")).toBeVisible();
  await expect(page.getByText("in Kürze")).toHaveCount(0);
  await expectAccessible(page);
});

test("trade-in: the licence-plate entry on the home page opens the valuation form with the plate filled in", async ({ page }) => {
  await open(page, "/");
  const entry = page.getByRole("region", { name: "Was ist Ihr Fahrzeug wert?" });
  await entry.getByLabel("Ihr Kennzeichen").fill("HH-AB 1234");
  await entry.getByRole("button", { name: "Fahrzeug bewerten" }).click();
  await expect(page).toHaveURL(/\/ankauf\?kennzeichen=HH-AB(\+|%20)1234/);
  // A document load (home is an editorial page, ADR 0016); the form's chunk hydrates after the page.
  await expect(page.locator(".lead-form form")).toHaveAttribute("data-hydrated", "true");
  const plate = page.getByLabel(/^Kennzeichen/);
  await expect(plate).toHaveValue("HH-AB 1234");
  await plate.fill("HHAB1234");
  await plate.blur();
  await expect(page.getByText("Bitte geben Sie das Kennzeichen im Format HH-AB 1234 ein.")).toBeVisible();
  await expect(page.getByLabel(/Fotos Ihres Fahrzeugs/)).toHaveAttribute("type", "file");
  await expectAccessible(page);
});

test("workshop appointment: the form asks for services, centers and a date", async ({ page }) => {
  await open(page, "/werkstatt/online-werkstatttermin");
  const form = page.locator(".lead-form");
  await expect(form.getByRole("heading", { name: "Werkstatttermin anfragen" })).toBeVisible();
  await expect(form.getByRole("group", { name: /Welche Leistungen/ })).toBeVisible();
  await expect(form.getByLabel(/^Standort/)).toContainText("Goslar");
  await form.getByRole("button", { name: "Termin anfragen" }).click();
  await expect(form.locator(".lead-form__summary")).toContainText("Bitte wählen Sie mindestens eine Leistung.");
  await expectAccessible(page);
});

test("test drive: a complete request is confirmed with its reference, and a double click sends it once", async ({ page }) => {
  const turnstileScripts: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/demo/turnstile.js")) turnstileScripts.push(request.url());
  });
  await open(page, `${VEHICLE}/probefahrt`);
  const posts: Array<{ reference?: string }> = [];
  const sentTokens: unknown[] = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith("/api/leads") || response.request().method() !== "POST") return;
    sentTokens.push((response.request().postDataJSON() as { turnstileToken?: unknown }).turnstileToken);
    posts.push((await response.json()) as { reference?: string });
  });
  // Turnstile (the local stand-in) loads when the visitor starts on the form, not with the page.
  expect(turnstileScripts).toEqual([]);
  await page.getByLabel(/^Wunschtermin/).fill(upcomingWeekday());
  await page.getByRole("radio", { name: "Egal, ganz flexibel" }).check();
  await page.getByRole("checkbox", { name: /Führerschein/ }).check();
  await fillContact(page);
  await page.getByRole("button", { name: "Probefahrt anfragen" }).dblclick();
  const confirmation = page.getByRole("heading", { name: "Vielen Dank für Ihre Anfrage!" });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Vielen Dank! Ihre Anfrage ist bei uns eingegangen." })).toBeVisible();
  const reference = (await page.locator(".lead-form--sent strong").textContent()) ?? "";
  expect(reference).toMatch(/^[A-Z0-9-]{4,40}$/);
  expect(posts.length).toBe(1);
  expect(posts[0]?.reference).toBe(reference);
  expect(turnstileScripts).toHaveLength(1);
  expect(sentTokens).toEqual([expect.stringMatching(/^demo-turnstile\.\d+$/)]);
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("interest: a plain post is stored, answered with a redirect and confirmed with the reference", async ({ page }) => {
    await page.goto(`${VEHICLE}/interesse`);
    await fillContact(page);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === "POST"),
      page.getByRole("button", { name: "Anfrage senden" }).click(),
    ]);
    expect(response.status()).toBe(303);
    await expect(page).toHaveURL(/\/interesse\?anfrage=[A-Z0-9-]{4,40}$/);
    await expect(page.getByRole("heading", { name: "Vielen Dank für Ihre Anfrage!" })).toBeVisible();
    await expect(page.getByText(/^Ihre Vorgangsnummer:/)).toBeVisible();
  });

  test("test drive: an incomplete plain post comes back with the messages and every value kept", async ({ page }) => {
    await page.goto(`${VEHICLE}/probefahrt`);
    await page.getByLabel("Vorname").fill("Erika");
    await page.getByLabel("E-Mail-Adresse").fill("erika@");
    await page.getByRole("button", { name: "Probefahrt anfragen" }).click();
    const summary = page.locator(".lead-form__summary");
    await expect(summary).toContainText("Formular unvollständig.");
    await expect(summary.getByRole("link", { name: /^E-Mail-Adresse:/ })).toBeVisible();
    await expect(page.getByLabel("Vorname")).toHaveValue("Erika");
    await expect(page.getByLabel("E-Mail-Adresse")).toHaveValue("erika@");
    // With a Turnstile site key the form tells visitors without JavaScript what the check needs.
    await expect(page.getByText(/Zum Schutz vor Missbrauch prüft dieses Formular/)).toBeVisible();
  });
});

test("interest: a Turnstile check that fails stops the send with a German message and keeps the values", async ({ page }) => {
  // The stand-in's protocol, with a check that always fails (a blocked or failing widget).
  await page.route("**/demo/turnstile.js", (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `let failing; const fail = () => setTimeout(() => failing["error-callback"](), 50);
        window.turnstile = { render(container, options) { failing = options; fail(); return "failing"; }, reset: fail, remove() {} };`,
    }),
  );
  let posted = false;
  await page.route("**/api/leads", (route) => {
    posted = true;
    return route.abort();
  });
  await open(page, `${VEHICLE}/interesse`);
  await fillContact(page);
  await page.getByRole("button", { name: "Anfrage senden" }).click();
  const summary = page.locator(".lead-form__summary");
  await expect(summary).toContainText("Die Sicherheitsprüfung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.");
  await expect(summary).toBeFocused();
  await expect(page.getByLabel("Nachname")).toHaveValue("Mustermann");
  expect(posted).toBe(false);
  await expectAccessible(page);
});
