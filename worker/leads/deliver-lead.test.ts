import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { LeadResponseSchema } from "#domain/lead-outcome-schema.ts";
import { expectConsoleError } from "../test-support/setup.ts";
import {
  crmHook,
  envWith,
  HUBSPOT_TEST_FORM,
  HUBSPOT_TEST_TOKEN,
  hubspotPortal,
  leadRow,
  postLead,
  testDriveLead,
} from "../test-support/fake-leads.ts";
import { handleLeadBatch, type LeadConsumerOptions } from "./deliver-lead.ts";
import { LEAD_DEAD_LETTER_QUEUE_NAME, LEAD_QUEUE_NAME } from "./lead-queue.ts";
import { insertLead } from "./lead-store.ts";

/** A pending lead written straight to D1: no queue message exists, so only this test delivers it. */
async function storedLead(payload: Record<string, unknown> = {}): Promise<{ id: string; reference: string; email: string }> {
  const id = crypto.randomUUID();
  // Eight hex digits: with three, two of the ~50 leads a run stores collided on the unique reference now and then.
  const reference = `${id.slice(0, 4)}-${id.slice(4, 8)}`.toUpperCase();
  const email = `lead-${id.slice(0, 8)}@example.test`;
  await insertLead(env.DB, {
    id,
    reference,
    idempotencyKey: crypto.randomUUID(),
    kind: "test_drive",
    payload: {
      salutation: "herr",
      firstName: "Max",
      lastName: "Mustermann",
      email,
      phone: "040 123456",
      vehicleId: 100001,
      preferredDate1: "2030-01-07",
      timeOfDay: "morning",
      privacyAccepted: true,
      drivingLicence: true,
      ...payload,
    },
    pageUrl: "http://dealership.test/carfinder/100001-1-testwagen/probefahrt",
    now: Date.now(),
  });
  return { id, reference, email };
}

async function consume(leadIds: string[], consumerEnv: Env, options: LeadConsumerOptions = {}, queue = LEAD_QUEUE_NAME, attempts = 1) {
  const batch = createMessageBatch(
    queue,
    leadIds.map((leadId, index) => ({ id: `message-${index}`, timestamp: new Date(), attempts, body: { leadId } })),
  );
  // The test batch records which messages were retried but not their delay: watch retry() too.
  const delays = new Map<string, number | undefined>();
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    vi.spyOn(message, "retry").mockImplementation((retryOptions) => {
      delays.set(message.id, retryOptions?.delaySeconds);
      retry(retryOptions);
    });
  }
  const ctx = createExecutionContext();
  await handleLeadBatch(batch, consumerEnv, ctx, options);
  const result = await getQueueResult(batch, ctx);
  return { ...result, retryMessages: result.retryMessages.map((message) => ({ ...message, delaySeconds: delays.get(message.msgId) })) };
}

describe("the lead queue consumer, end to end through the real queue", () => {
  it("delivers an accepted lead to the CRM webhook once, signed, and records it", async () => {
    const lead = testDriveLead();
    const outcome = LeadResponseSchema.parse(await (await postLead(lead)).json());
    if (outcome.status !== "accepted") throw new Error("not accepted");
    await vi.waitFor(async () => expect((await leadRow(outcome.leadId))?.status).toBe("delivered"), { timeout: 10_000, interval: 100 });
    const row = await leadRow(outcome.leadId);
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(String(row!.crm_id)).toMatch(/^crm-\d+$/);
    const hook = crmHook("default");
    expect((await hook.delivered())[outcome.leadId]).toBe(1);
    const request = (await hook.requests()).find((candidate) => candidate.key === outcome.leadId)!;
    expect(JSON.parse(request.body)).toMatchObject({
      event: "lead.created",
      leadId: outcome.leadId,
      reference: outcome.reference,
      kind: "test_drive",
      kindLabel: "Probefahrt",
      pageUrl: `http://dealership.test${lead.pagePath}`,
      fields: { firstName: "Erika", email: lead.email, vehicleId: 100001 },
      photos: [],
    });
  });

  it("CRM down (503 twice) then up: retried with backoff, delivered exactly once", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const lead = testDriveLead();
    const hook = crmHook("default");
    await hook.faults({ status: 503, times: 2, match: String(lead.email) });
    const outcome = LeadResponseSchema.parse(await (await postLead(lead)).json());
    if (outcome.status !== "accepted") throw new Error("not accepted");
    await vi.waitFor(async () => expect((await leadRow(outcome.leadId))?.status).toBe("delivered"), { timeout: 20_000, interval: 200 });
    const attempts = (await hook.requests()).filter((request) => request.key === outcome.leadId);
    expect(attempts.map((attempt) => attempt.status)).toEqual([503, 503, 200]);
    // Backoff: the second retry waited longer than the first (1 s, then 2 s, ±20 %).
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThan(attempts[1]!.at - attempts[0]!.at);
    expect((await hook.delivered())[outcome.leadId]).toBe(1);
    expect(await leadRow(outcome.leadId)).toMatchObject({ attempts: 3, last_error: null });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`${outcome.reference}: delivery attempt 1 failed \\(HTTP 503\\)`)));
  });
});

describe("the lead queue consumer, one batch at a time", () => {
  it("a transient failure retries with exponential backoff and keeps the lead pending", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const hook = crmHook();
    await hook.faults({ status: 503, times: 1 });
    const lead = await storedLead();
    const result = await consume([lead.id], envWith({ CRM_WEBHOOK_URL: hook.url, LEAD_RETRY_BASE_SECONDS: "30" }), {}, LEAD_QUEUE_NAME, 3);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toHaveLength(1);
    // Third attempt: 30 s · 2² = 120 s, ±20 % jitter.
    expect(result.retryMessages[0]!.delaySeconds).toBeGreaterThanOrEqual(96);
    expect(result.retryMessages[0]!.delaySeconds).toBeLessThanOrEqual(144);
    expect(await leadRow(lead.id)).toMatchObject({ status: "pending", attempts: 1, last_error: "HTTP 503", lease_until: null });
  });

  it("a 429 with Retry-After waits at least that long", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const hook = crmHook();
    await hook.faults({ status: 429, times: 1, retryAfter: 600 });
    const lead = await storedLead();
    const result = await consume([lead.id], envWith({ CRM_WEBHOOK_URL: hook.url }));
    expect(result.retryMessages[0]!.delaySeconds).toBe(600);
  });

  it("a network error is transient", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const lead = await storedLead();
    const result = await consume([lead.id], envWith({ CRM_WEBHOOK_URL: "http://127.0.0.1:9/crm" }));
    expect(result.retryMessages).toHaveLength(1);
    expect((await leadRow(lead.id))?.status).toBe("pending");
  });

  it("a permanent 4xx marks the lead dead at once and reports it", async () => {
    const hook = crmHook();
    await hook.faults({ status: 400, times: 1 });
    const lead = await storedLead();
    const result = await consume([lead.id], envWith({ CRM_WEBHOOK_URL: hook.url }));
    expect(result.explicitAcks).toEqual(["message-0"]);
    expect(result.retryMessages).toEqual([]);
    expect(await leadRow(lead.id)).toMatchObject({ status: "dead", attempts: 1, last_error: "HTTP 400" });
    expectConsoleError(new RegExp(`lead ${lead.reference} .* is dead: the CRM refused it permanently: HTTP 400`));
  });

  it("a wrong webhook secret is refused by the CRM (401): dead, reported", async () => {
    const hook = crmHook();
    const lead = await storedLead();
    await consume([lead.id], envWith({ CRM_WEBHOOK_URL: hook.url, CRM_WEBHOOK_SECRET: "not-the-crm-secret-at-all" }));
    expect(await leadRow(lead.id)).toMatchObject({ status: "dead", last_error: "HTTP 401" });
    expectConsoleError(/is dead: the CRM refused it permanently: HTTP 401/);
    expect((await hook.requests()).map((request) => request.status)).toEqual([401]);
  });

  it.each([LEAD_DEAD_LETTER_QUEUE_NAME, `${LEAD_DEAD_LETTER_QUEUE_NAME}-staging`, `${LEAD_DEAD_LETTER_QUEUE_NAME}-production`])(
    "retries used up: the dead-letter queue (%s) marks the lead dead and reports it",
    async (deadLetterQueue) => {
      const lead = await storedLead();
      await env.DB.prepare("UPDATE leads SET attempts = 4, last_error = 'HTTP 503' WHERE id = ?").bind(lead.id).run();
      const result = await consume([lead.id], env, {}, deadLetterQueue);
      expect(result.explicitAcks).toEqual(["message-0"]);
      expect(await leadRow(lead.id)).toMatchObject({
        status: "dead",
        attempts: 4,
        last_error: "retries used up after 4 attempts; last error: HTTP 503",
      });
      expectConsoleError(new RegExp(`lead ${lead.reference} .* is dead: retries used up`));
    },
  );

  it("without a CRM the lead is held and one warning is logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const leads = [await storedLead(), await storedLead()];
    const result = await consume(
      leads.map((lead) => lead.id),
      envWith({ CRM_WEBHOOK_URL: undefined }),
    );
    expect(result.explicitAcks.sort()).toEqual(["message-0", "message-1"]);
    for (const lead of leads) expect((await leadRow(lead.id))?.status).toBe("held");
    expect(warn.mock.calls.filter((call) => /No CRM configured/.test(String(call[0])))).toHaveLength(1);
  });

  it("a delivered lead is not delivered again; two messages for one lead deliver it once", async () => {
    const hook = crmHook();
    const lead = await storedLead();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const first = await consume([lead.id, lead.id], envWith({ CRM_WEBHOOK_URL: hook.url }));
    expect(first.explicitAcks).toEqual(["message-0"]);
    expect(first.retryMessages.map((message) => message.msgId)).toEqual(["message-1"]);
    const again = await consume([lead.id], envWith({ CRM_WEBHOOK_URL: hook.url }));
    expect(again.explicitAcks).toEqual(["message-0"]);
    expect(await hook.delivered()).toEqual({ [lead.id]: 1 });
  });

  it("a message without a lead id is dropped; a deleted lead is acked", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const batch = createMessageBatch(LEAD_QUEUE_NAME, [
      { id: "bad", timestamp: new Date(), attempts: 1, body: { leadId: "../../etc" } },
      { id: "gone", timestamp: new Date(), attempts: 1, body: { leadId: crypto.randomUUID() } },
    ]);
    const ctx = createExecutionContext();
    await handleLeadBatch(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["bad", "gone"]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/without a lead id/));
  });

  it("D1 unreachable: the message is retried, nothing is lost", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const lead = await storedLead();
    const failingDb = {
      prepare: () => {
        throw new Error("D1_ERROR: unavailable");
      },
      batch: () => Promise.reject(new Error("D1_ERROR: unavailable")),
    } as unknown as D1Database;
    const result = await consume([lead.id], envWith({}, { DB: failingDb }));
    expect(result.retryMessages).toHaveLength(1);
    expect((await leadRow(lead.id))?.status).toBe("pending");
  });
});

describe("HubSpot (site settings config.hubspot)", () => {
  const hubspotEnv = (portal: ReturnType<typeof hubspotPortal>, vars: Record<string, string | undefined> = {}) =>
    envWith({ HUBSPOT_PORTAL_ID: portal.portal, HUBSPOT_FORM_GUID: HUBSPOT_TEST_FORM, HUBSPOT_API_BASE: portal.apiBase, ...vars });

  it("submits the lead to the Forms API v3 with contact fields, context and consent", async () => {
    const portal = hubspotPortal();
    const lead = await storedLead({ message: "Gern am Vormittag." });
    const result = await consume([lead.id], hubspotEnv(portal), { hubspot: true });
    expect(result.explicitAcks).toEqual(["message-0"]);
    expect(await leadRow(lead.id)).toMatchObject({ status: "delivered", crm_id: null });
    const [request] = await portal.requests();
    const submission = JSON.parse(request!.body);
    expect(submission.fields).toEqual(
      expect.arrayContaining([
        { objectTypeId: "0-1", name: "email", value: lead.email },
        { objectTypeId: "0-1", name: "firstname", value: "Max" },
        { objectTypeId: "0-1", name: "lastname", value: "Mustermann" },
        { objectTypeId: "0-1", name: "salutation", value: "Herr" },
      ]),
    );
    const message = submission.fields.find((field: { name: string }) => field.name === "message").value;
    expect(message).toContain(`Probefahrt – Vorgangsnummer ${lead.reference}`);
    expect(message).toContain("Gern am Vormittag.");
    expect(message).toContain("vehicleId: 100001");
    expect(submission.context).toEqual({
      pageUri: "http://dealership.test/carfinder/100001-1-testwagen/probefahrt",
      pageName: "Probefahrt",
    });
    expect(submission.legalConsentOptions.consent.consentToProcess).toBe(true);
  });

  it("uses the authenticated endpoint with a private-app token", async () => {
    const portal = hubspotPortal();
    const lead = await storedLead();
    await consume([lead.id], hubspotEnv(portal, { HUBSPOT_ACCESS_TOKEN: HUBSPOT_TEST_TOKEN }), { hubspot: true });
    expect((await leadRow(lead.id))?.status).toBe("delivered");
    const wrongToken = await storedLead();
    await consume([wrongToken.id], hubspotEnv(portal, { HUBSPOT_ACCESS_TOKEN: "expired" }), { hubspot: true });
    expect(await leadRow(wrongToken.id)).toMatchObject({
      status: "dead",
      last_error: expect.stringMatching(/^HTTP 401 .*Authentication credentials not found/),
    });
    expectConsoleError(/is dead: the CRM refused it permanently: HTTP 401/);
  });

  it("HubSpot 503 is retried; an unknown form is dead with HubSpot's message", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const portal = hubspotPortal();
    await portal.faults({ status: 503, times: 1 });
    const lead = await storedLead();
    expect((await consume([lead.id], hubspotEnv(portal), { hubspot: true })).retryMessages).toHaveLength(1);
    const unknownForm = await storedLead();
    await consume([unknownForm.id], hubspotEnv(portal, { HUBSPOT_FORM_GUID: "ffffffff-0000-4000-8000-000000000000" }), { hubspot: true });
    expect(await leadRow(unknownForm.id)).toMatchObject({
      status: "dead",
      last_error: expect.stringMatching(/^HTTP 404 .*Form not found/),
    });
    expectConsoleError(/is dead.*HTTP 404/);
  });

  it("hubspot flag without portal and form: held, not sent to the webhook", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const hook = crmHook();
    const lead = await storedLead();
    await consume([lead.id], envWith({ CRM_WEBHOOK_URL: hook.url }), { hubspot: true });
    expect((await leadRow(lead.id))?.status).toBe("held");
    expect(await hook.requests()).toEqual([]);
  });
});
