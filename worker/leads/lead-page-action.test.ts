import { describe, expect, it } from "vitest";
import { appointmentDay, leadCount, plainTestDrivePost, postPlainForm, TEST_DRIVE_PAGE } from "../test-support/fake-leads.ts";
import { get } from "../test-support/requests.ts";

const COMPLETE = {
  preferredDate1: appointmentDay(4),
  timeOfDay: "morning",
  drivingLicence: "on",
  firstName: "Erika",
  lastName: "Ohne-Skript",
  email: "erika.ohne-skript@example.test",
  phone: "040 123456",
  privacyAccepted: "on",
};

describe("a lead form without JavaScript (plain POST to the page)", () => {
  it("a complete post stores the lead and redirects 303 to the page with the reference (a reload never posts twice)", async () => {
    const response = await postPlainForm(TEST_DRIVE_PAGE, plainTestDrivePost(COMPLETE));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location") ?? "", "http://x");
    expect(location.pathname).toBe(TEST_DRIVE_PAGE);
    expect(location.searchParams.get("anfrage")).toMatch(/^[A-Z0-9-]{4,40}$/);
    expect(await leadCount("payload LIKE ?", "%Ohne-Skript%")).toBe(1);
  });

  it("problems re-render the page with 422, the German messages and every value kept", async () => {
    const response = await postPlainForm(TEST_DRIVE_PAGE, plainTestDrivePost({ ...COMPLETE, email: "erika@", privacyAccepted: [] }));
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("Formular unvollständig.");
    expect(html).toContain("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
    expect(html).toContain("Bitte stimmen Sie der Verarbeitung Ihrer Angaben zu");
    expect(html).toContain('value="Ohne-Skript"');
    expect(html).toContain('value="erika@"');
    expect(html).not.toContain("erika.ohne-skript");
  });

  it("a cross-site post is refused on the page with the German message, nothing stored", async () => {
    const body = plainTestDrivePost({ ...COMPLETE, lastName: "Fremdseite" });
    const response = await postPlainForm(TEST_DRIVE_PAGE, body, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("nicht von unserer Website");
    expect(await leadCount("payload LIKE ?", "%Fremdseite%")).toBe(0);
  });

  it("a page without a lead form still answers 405 to a post", async () => {
    expect((await postPlainForm("/carfinder", plainTestDrivePost(COMPLETE))).status).toBe(405);
  });

  it("the trade-in block on a content page takes a plain post too", async () => {
    const body = new URLSearchParams({
      kind: "trade_in",
      website: "",
      licensePlate: "hh-xy 42",
      firstRegistration: "2018-03",
      mileage: "91000",
      make: "VW",
      model: "Touran",
      firstName: "Karl",
      lastName: "Kennzeichen",
      email: "karl@example.test",
      privacyAccepted: "on",
    });
    const response = await postPlainForm("/ankauf", body);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/ankauf\?anfrage=/);
    expect(await leadCount("payload LIKE ?", "%HH-XY 42%")).toBe(1);
  });
});

describe("form blocks are in the server HTML in place (no JavaScript needed to see them)", () => {
  it.each([
    { path: "/ankauf", form: "trade-in" },
    { path: "/werkstatt/online-werkstatttermin", form: "workshop-appointment" },
    { path: "/werkstatt/schadensmanagement", form: "schadensmeldung" },
  ])("$path: the $form form is rendered where it stands, never streamed later behind a script", async ({ path, form }) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`data-form-id="${form}"`);
    // React streams a late Suspense boundary as <div hidden id="S:…">, shown only by a script.
    expect(html).not.toMatch(/<div hidden id="S:/);
  });
});
