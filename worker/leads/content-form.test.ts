import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../test-support/setup.ts";
import { CONTENT_FORM_UNKNOWN, LEAD_REFUSAL_MESSAGES } from "#domain/lead-outcome.ts";
import { LeadResponseSchema } from "#domain/lead-outcome-schema.ts";
import { get } from "../test-support/requests.ts";
import { fakeSpace, fakeStory } from "../test-support/fake-storyblok.ts";
import { leadRow, postLead } from "../test-support/fake-leads.ts";

const PAGE = "werkstatt/schadensmanagement";

/** The demo space's damage report form (kv-seed/demo-space): its block uid as the page renders it. */
async function damageFormUid(): Promise<string> {
  const page = (await (await get(`/api/content/pages/${PAGE}`)).json()) as { content: unknown };
  const text = JSON.stringify(page.content);
  const match = /"component":"embed_form","_uid":"([^"]+)"|"_uid":"([^"]+)","component":"embed_form"/.exec(text);
  if (!match) throw new Error("no embed_form on the demo page");
  return (match[1] ?? match[2])!;
}

function damageReport(blockUid: string, fields: Record<string, unknown>) {
  return {
    kind: "content_form",
    idempotencyKey: crypto.randomUUID(),
    website: "",
    formId: "schadensmeldung",
    pageSlug: PAGE,
    blockUid,
    fields,
  };
}

const VALID = {
  name: "Max Mustermann",
  "contact.email": "max@example.test",
  plate: "HH-AB 1234",
  location: "center-husum",
  damage: "hail",
  privacy: true,
  extras: ["rental"],
};

describe("content forms (embed_form) through POST /api/leads", () => {
  it("checks the fields against the published block and stores the engine's values", async () => {
    const uid = await damageFormUid();
    const response = await postLead(damageReport(uid, { ...VALID, smuggled: "not a field" }));
    expect(response.status).toBe(202);
    const outcome = LeadResponseSchema.parse(await response.json());
    if (outcome.status !== "accepted") throw new Error("not accepted");
    const payload = JSON.parse(String((await leadRow(outcome.leadId))!.payload));
    expect(payload).toMatchObject({
      formId: "schadensmeldung",
      pageSlug: PAGE,
      blockUid: uid,
      fields: { name: "Max Mustermann", "contact.email": "max@example.test", damage: "hail", privacy: true, extras: ["rental"] },
    });
    expect(payload.fields).not.toHaveProperty("smuggled");
  });

  it("answers the engine's German messages per field path with 422", async () => {
    const uid = await damageFormUid();
    const response = await postLead(damageReport(uid, { ...VALID, plate: "hamburg", privacy: false }));
    expect(response.status).toBe(422);
    const outcome = LeadResponseSchema.parse(await response.json());
    if (outcome.status !== "invalid") throw new Error("not invalid");
    expect(outcome.fieldErrors.plate).toBe("Bitte geben Sie das Kennzeichen wie auf dem Schild ein, zum Beispiel HH-AB 1234.");
    expect(outcome.fieldErrors.privacy).toMatch(/Datenschutzhinweise/);
  });

  it("an unknown block, form id or page is a 422 with a form-level message", async () => {
    const uid = await damageFormUid();
    for (const lead of [
      damageReport("no-such-block", VALID),
      { ...damageReport(uid, VALID), formId: "anderes" },
      { ...damageReport(uid, VALID), pageSlug: "gibt-es-nicht" },
    ]) {
      const response = await postLead(lead);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ status: "invalid", fieldErrors: { form: CONTENT_FORM_UNKNOWN } });
    }
  });

  it("content that cannot be read is a 503, not a lost or wrongly refused lead", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const space = await fakeSpace({ stories: [fakeStory(PAGE)] });
    await space.faults({ status: 500, times: 50 });
    const response = await postLead(damageReport("any", VALID), { env: space.env });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "refused", reason: "unavailable", message: LEAD_REFUSAL_MESSAGES.unavailable });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/page werkstatt\/schadensmanagement unreadable: .*HTTP 500/));
    expectConsoleError(/^content source unavailable, failing open: .*HTTP 500/);
  });
});
