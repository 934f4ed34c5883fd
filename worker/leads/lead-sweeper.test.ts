import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { LeadResponseSchema } from "#domain/lead-outcome-schema.ts";
import { envWith, leadRow, postLead, testDriveLead } from "../test-support/fake-leads.ts";
import { insertAttachments, insertLead } from "./lead-store.ts";
import { sweepLeads } from "./lead-sweeper.ts";
import worker from "../index.ts";

const DAY = 24 * 60 * 60 * 1000;

async function pendingLead(createdAt: number, status: "pending" | "held" = "pending"): Promise<string> {
  const id = crypto.randomUUID();
  await insertLead(env.DB, {
    id,
    reference: `${id.slice(0, 4)}-${id.slice(4, 8)}`.toUpperCase(),
    idempotencyKey: crypto.randomUUID(),
    kind: "direct_contact",
    payload: {
      firstName: "Eva",
      lastName: "Muster",
      email: `eva-${id.slice(0, 6)}@example.test`,
      topic: "sales",
      message: "Hallo",
      privacyAccepted: true,
    },
    pageUrl: "http://dealership.test/directcontact",
    now: createdAt,
  });
  if (status === "held") await env.DB.prepare("UPDATE leads SET status = 'held' WHERE id = ?").bind(id).run();
  return id;
}

describe("the lead sweeper (cron)", () => {
  it("a lead whose queue hand-over failed is stored, answered 202, and delivered after the sweeper runs", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const brokenQueue = {
      send: () => Promise.reject(new Error("queue unavailable")),
      sendBatch: () => Promise.reject(new Error("queue unavailable")),
    } as unknown as Queue;
    const response = await postLead(testDriveLead(), { env: envWith({}, { LEAD_QUEUE: brokenQueue }) });
    expect(response.status).toBe(202);
    const outcome = LeadResponseSchema.parse(await response.json());
    if (outcome.status !== "accepted") throw new Error("not accepted");
    expect(await leadRow(outcome.leadId)).toMatchObject({ status: "pending", queued_at: null });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/queue send failed/));

    // Too fresh for the sweeper; five minutes later it is sent again and delivered.
    expect((await sweepLeads(env, Date.now())).requeued).toBe(0);
    const result = await sweepLeads(env, Date.now() + 6 * 60 * 1000);
    expect(result.requeued).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect((await leadRow(outcome.leadId))?.status).toBe("delivered"), { timeout: 10_000, interval: 100 });
  });

  it("re-enqueues a pending lead untouched for hours (its message was lost)", async () => {
    const id = await pendingLead(Date.now() - DAY);
    await env.DB.prepare("UPDATE leads SET queued_at = ?, updated_at = ? WHERE id = ?")
      .bind(Date.now() - DAY, Date.now() - DAY, id)
      .run();
    expect((await sweepLeads(env)).requeued).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect((await leadRow(id))?.status).toBe("delivered"), { timeout: 10_000, interval: 100 });
  });

  it("releases held leads once a CRM is configured, and not before", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const id = await pendingLead(Date.now() - 60_000, "held");
    expect((await sweepLeads(envWith({ CRM_WEBHOOK_URL: undefined }))).released).toBe(0);
    expect((await leadRow(id))?.status).toBe("held");
    const result = await sweepLeads(env);
    expect(result.released).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect((await leadRow(id))?.status).toBe("delivered"), { timeout: 10_000, interval: 100 });
  });

  it("deletes leads and their photos after LEAD_RETENTION_DAYS, keeps younger ones", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const old = await pendingLead(Date.now() - 31 * DAY);
    await env.DB.prepare("UPDATE leads SET status = 'delivered' WHERE id = ?").bind(old).run();
    const key = `leads/${old}/1.png`;
    await env.LEAD_FILES.put(key, new Uint8Array([1, 2, 3]));
    await insertAttachments(env.DB, old, [{ position: 1, object_key: key, content_type: "image/png", size: 3 }]);
    const young = await pendingLead(Date.now() - 29 * DAY);
    await env.DB.prepare("UPDATE leads SET status = 'delivered' WHERE id = ?").bind(young).run();

    const result = await sweepLeads(envWith({ LEAD_RETENTION_DAYS: "30" }));
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await leadRow(old)).toBeNull();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM lead_attachments WHERE lead_id = ?").bind(old).first("n")).toBe(0);
    expect(await env.LEAD_FILES.get(key)).toBeNull();
    expect(await leadRow(young)).not.toBeNull();
  });

  it("a failing part does not stop the others", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const old = await pendingLead(Date.now() - 400 * DAY);
    const failingBucket = { delete: () => Promise.reject(new Error("R2 unavailable")) } as unknown as R2Bucket;
    await env.DB.prepare(
      "INSERT INTO lead_attachments (lead_id, position, object_key, content_type, size) VALUES (?, 1, ?, 'image/png', 3)",
    )
      .bind(old, `leads/${old}/1.png`)
      .run();
    await env.DB.prepare("INSERT INTO lead_rate_limit (ip_hash, at) VALUES ('x', ?)")
      .bind(Date.now() - 2 * DAY)
      .run();
    const result = await sweepLeads(envWith({}, { LEAD_FILES: failingBucket }));
    // The files could not be deleted, so the row stays for the next run; the rate-limit purge ran.
    expect(await leadRow(old)).not.toBeNull();
    expect(result.rateLimitRowsPurged).toBeGreaterThanOrEqual(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/delete expired leads failed.*R2 unavailable/));
  });

  it("runs from the worker's scheduled handler", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const id = await pendingLead(Date.now() - 400 * DAY);
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await leadRow(id)).toBeNull();
  });
});
