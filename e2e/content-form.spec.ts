import type { Page, Request } from "@playwright/test";
import { allowConsoleProblems, expect, expectAccessible, open, test } from "./fixtures.ts";

/**
 * The editor-defined form of the demo space (embed_form on /werkstatt/schadensmanagement): blur
 * validation, the incomplete summary, submission to /api/leads (answered here with page.route),
 * the error path with retry, reset, and the plain POST without JavaScript. Every journey ends axe-clean.
 */

const PAGE = "/werkstatt/schadensmanagement";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const form = (page: Page) => page.getByRole("form", { name: "Schaden melden" });

/** The page, hydrated, and the form block (its own chunk) hydrated too. */
async function openForm(page: Page) {
  await open(page, PAGE);
  await expect(form(page)).toHaveAttribute("data-hydrated", "true");
}

async function fillValid(page: Page) {
  const scope = form(page);
  await scope.getByLabel("Name").fill("Max Mustermann");
  await scope.getByLabel("E-Mail").fill("max@example.de");
  await scope.getByLabel("Kennzeichen", { exact: false }).first().fill("HH-AB 1234");
  await scope.getByLabel("Standort").selectOption("center-husum");
  await scope.getByRole("radio", { name: "Hagel" }).check();
  await scope.getByRole("checkbox", { name: "Ersatzwagen" }).check();
  await scope.getByRole("switch", { name: "Rückruf gewünscht" }).check();
  await scope.getByRole("checkbox", { name: "Ich habe die Datenschutzhinweise gelesen." }).check();
}

/** Answers /api/leads in turn with the given responses and records the requests. */
async function leadsAnswering(page: Page, ...answers: Array<{ status: number; json?: unknown } | "abort">) {
  const requests: Request[] = [];
  await page.route("**/api/leads", async (route) => {
    requests.push(route.request());
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)]!;
    if (answer === "abort") return route.abort("failed");
    return route.fulfill({ status: answer.status, json: answer.json });
  });
  return requests;
}

/** Expected HTTP failures of the answered requests are the point of the test, not console noise. */
const FAILED_LOAD = /Failed to load resource: (the server responded with a status of (422|429|500)|net::ERR_FAILED)/;

test("a field shows its message when left, not before, and loses it when fixed", async ({ page }) => {
  await openForm(page);
  const name = form(page).getByLabel("Name");
  await expect(page.getByText("Name ist erforderlich.")).toHaveCount(0);
  await name.focus();
  await name.blur();
  const message = page.getByText("Name ist erforderlich.");
  await expect(message).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Name ist erforderlich.");
  await expect(page.locator('[data-field="name"]')).toHaveAttribute("data-failing", "true");
  await name.fill("M");
  await expect(page.getByText("Name muss zwischen 2 und 80 Zeichen enthalten.")).toBeVisible();
  await name.fill("Max");
  await expect(page.locator('[data-field="name"]')).toHaveAttribute("data-settled", "true");
  await expect(page.locator('[data-field="name"]')).toHaveAttribute("data-failing", "false");
  await expect(name).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Name muss zwischen 2 und 80 Zeichen enthalten.")).toHaveCount(0);
  await expectAccessible(page);
});

test("a checkbox shows its message as soon as it changes; a regex with commas and an editor's message work", async ({ page }) => {
  await openForm(page);
  const privacy = form(page).getByRole("checkbox", { name: "Ich habe die Datenschutzhinweise gelesen." });
  await privacy.check();
  await privacy.uncheck();
  await expect(page.getByText("Bitte die Datenschutzhinweise akzeptieren.")).toBeVisible();
  const plate = page.locator('input[name="fields.plate"]');
  await plate.fill("HH AB1234 X");
  await plate.blur();
  await expect(page.getByText("Bitte geben Sie das Kennzeichen wie auf dem Schild ein, zum Beispiel HH-AB 1234.")).toBeVisible();
  await plate.fill("HH-AB 1234");
  await expect(page.getByText("Bitte geben Sie das Kennzeichen wie auf dem Schild ein, zum Beispiel HH-AB 1234.")).toHaveCount(0);
});

test("a debounced rule, (400)email, keeps the field validating until it ran", async ({ page }) => {
  await openForm(page);
  const email = form(page).getByLabel("E-Mail");
  const field = page.locator('[data-field="contact.email"]');
  await email.pressSequentially("max@");
  await expect(field).toHaveAttribute("data-validating", "true");
  await expect(field).toHaveAttribute("data-settled", "false");
  await expect(field).toHaveAttribute("data-validating", "false");
  await expect(field).toHaveAttribute("data-settled", "true");
  await expect(field).toHaveAttribute("data-failing", "true");
  await email.blur();
  await expect(page.getByText("E-Mail-Adresse ist ungültig.")).toBeVisible();
});

test("submitting with errors shows the focused incomplete summary that links every field; fixing clears it", async ({ page }) => {
  const requests = await leadsAnswering(page, { status: 202, json: { status: "accepted", leadId: "L-1" } });
  await openForm(page);
  await form(page).getByRole("button", { name: "Schaden melden" }).click();
  const summary = page.locator(".content-form__summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Formular unvollständig.");
  await expect(summary).toContainText("Entschuldigung, nicht alle Felder wurden korrekt ausgefüllt.");
  await expect(form(page)).toHaveAttribute("data-form-state", "incomplete");
  for (const text of [
    "Name ist erforderlich.",
    "E-Mail oder Telefon ist erforderlich.",
    "Kennzeichen ist erforderlich.",
    "Standort ist erforderlich.",
    "Art des Schadens ist erforderlich.",
    "Bitte die Datenschutzhinweise akzeptieren.",
  ]) {
    await expect(summary.getByRole("link", { name: text })).toBeVisible();
  }
  await expectAccessible(page);
  await summary.getByRole("link", { name: "Art des Schadens ist erforderlich." }).click();
  await expect(form(page).getByRole("radio", { name: "Unfall" })).toBeFocused();
  expect(requests).toHaveLength(0);

  await fillValid(page);
  await expect(summary).toHaveCount(0);
  await expect(form(page)).toHaveAttribute("data-form-state", "editing");
});

test("a valid form posts JSON to /api/leads and is replaced by the thank-you", async ({ page }) => {
  const requests = await leadsAnswering(page, { status: 202, json: { status: "accepted", leadId: "L-42" } });
  await openForm(page);
  await fillValid(page);
  await form(page).getByRole("button", { name: "Schaden melden" }).dblclick(); // a double click sends once
  const thanks = page.getByRole("status").filter({ hasText: "Vielen Dank! Ihre Anfrage ist bei uns eingegangen." });
  await expect(thanks).toBeFocused();
  await expect(thanks).toHaveAttribute("data-form-state", "submitted");
  expect(requests).toHaveLength(1);
  const body = requests[0]!.postDataJSON();
  expect(body).toMatchObject({
    kind: "content_form",
    website: "",
    formId: "schadensmeldung",
    pageSlug: "werkstatt/schadensmanagement",
    fields: {
      name: "Max Mustermann",
      "contact.email": "max@example.de",
      "contact.phone": "",
      plate: "HH-AB 1234",
      brand: "",
      location: "center-husum",
      damage: "hail",
      date: "",
      extras: ["rental"],
      callback: true,
      message: "",
      privacy: true,
    },
  });
  expect(body.idempotencyKey).toMatch(UUID);
  expect(typeof body.blockUid).toBe("string");
  await expectAccessible(page);
});

test("the server's field messages (422) show at the field and in the summary", async ({ page, consoleProblems }) => {
  // the pipeline may name the field by path or by its posted name
  await leadsAnswering(page, {
    status: 422,
    json: { status: "invalid", fieldErrors: { "fields.contact.email": "Diese Adresse nimmt keine Nachrichten an." } },
  });
  await openForm(page);
  await fillValid(page);
  await form(page).getByRole("button", { name: "Schaden melden" }).click();
  const summary = page.locator(".content-form__summary");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "E-Mail: Diese Adresse nimmt keine Nachrichten an." })).toBeVisible();
  await expect(form(page).getByLabel("E-Mail")).toHaveAccessibleDescription("Diese Adresse nimmt keine Nachrichten an.");
  await form(page).getByLabel("E-Mail").fill("max@example.com");
  await expect(summary).toHaveCount(0);
  allowConsoleProblems(consoleProblems, FAILED_LOAD);
});

test("a failure keeps every value and offers to send again with the same key; a refusal says why", async ({ page, consoleProblems }) => {
  const requests = await leadsAnswering(
    page,
    { status: 500, json: {} },
    "abort",
    { status: 429, json: { status: "refused", message: "Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut." } },
    { status: 202, json: { status: "accepted", leadId: "L-9" } },
  );
  await openForm(page);
  await fillValid(page);
  await form(page).getByRole("button", { name: "Schaden melden" }).click();
  const alert = form(page).getByRole("alert");
  await expect(alert).toBeFocused();
  await expect(alert).toContainText("Es ist etwas schiefgelaufen...");
  await expect(form(page)).toHaveAttribute("data-form-state", "errored");
  await expect(form(page).getByLabel("Name")).toHaveValue("Max Mustermann");
  await expectAccessible(page);

  await alert.getByRole("button", { name: "Erneut senden" }).click(); // network failure
  await expect.poll(() => requests.length).toBe(2);
  await expect(alert).toContainText("Es ist etwas schiefgelaufen...");
  await alert.getByRole("button", { name: "Erneut senden" }).click(); // 429
  await expect(alert).toHaveText("Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.");
  await form(page).getByRole("button", { name: "Schaden melden" }).click(); // 202
  await expect(page.getByText("Vielen Dank! Ihre Anfrage ist bei uns eingegangen.")).toBeVisible();
  const keys = new Set(requests.map((request) => request.postDataJSON().idempotencyKey));
  expect(requests).toHaveLength(4);
  expect(keys.size).toBe(1);
  allowConsoleProblems(consoleProblems, FAILED_LOAD);
});

test("reset empties the form, hides the messages and starts a new submission", async ({ page }) => {
  await openForm(page);
  const key = await form(page).locator('input[name="idempotencyKey"]').inputValue();
  expect(key).toMatch(UUID); // made in the browser after hydration
  await fillValid(page);
  await form(page).getByLabel("Name").fill("");
  await form(page).getByLabel("Name").blur();
  await expect(page.getByText("Name ist erforderlich.")).toBeVisible();
  await form(page).getByRole("button", { name: "Zurücksetzen" }).click();
  await expect(form(page)).toHaveAttribute("data-form-state", "reset");
  await expect(page.getByRole("status").filter({ hasText: "Das Formular wurde zurückgesetzt." })).toBeAttached();
  await expect(form(page).getByLabel("E-Mail")).toHaveValue("");
  await expect(form(page).getByRole("switch", { name: "Rückruf gewünscht" })).not.toBeChecked();
  await expect(page.getByText("Name ist erforderlich.")).toHaveCount(0);
  expect(await form(page).locator('input[name="idempotencyKey"]').inputValue()).not.toBe(key);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form is a plain POST to the page that carries every field and the hidden lead data", async ({ page }) => {
    let posted: URLSearchParams | null = null;
    await page.route(`**${PAGE}`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posted = new URLSearchParams(route.request().postData() ?? "");
      return route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><html lang=de><title>ok</title><p>ok</p></html>",
      });
    });
    await page.goto(PAGE);
    await expect(form(page)).toHaveAttribute("method", "post");
    await expect(form(page).getByRole("button", { name: "Schaden melden" })).toBeEnabled();
    // The one mention of JavaScript is Turnstile's notice (the e2e server has a site key); the form itself needs none.
    await expect(page.getByText(/JavaScript/)).toHaveText([/^Zum Schutz vor Missbrauch prüft dieses Formular/]);
    await fillValid(page);
    await form(page).getByRole("button", { name: "Schaden melden" }).click();
    await expect(page.getByText("ok")).toBeVisible();
    const body = posted as URLSearchParams | null;
    expect(body?.get("kind")).toBe("content_form");
    expect(body?.get("idempotencyKey")).toBe(""); // the page action makes one (cached HTML is shared)
    expect(body?.get("formId")).toBe("schadensmeldung");
    expect(body?.get("pageSlug")).toBe("werkstatt/schadensmanagement");
    expect(body?.get("website")).toBe("");
    expect(body?.get("fields.name")).toBe("Max Mustermann");
    expect(body?.get("fields.contact.email")).toBe("max@example.de");
    expect(body?.get("fields.damage")).toBe("hail");
    expect(body?.getAll("fields.extras")).toEqual(["rental"]);
    expect(body?.get("fields.callback")).toBe("true");
    expect(body?.get("fields.privacy")).toBe("true");
  });
});
