import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { LeadResponseSchema } from "#domain/lead-outcome-schema.ts";
import { LEAD_REFUSAL_MESSAGES } from "#domain/lead-outcome.ts";
import { expectConsoleError } from "../test-support/setup.ts";
import { envWith, leadCount, leadRow, postLead, testDriveLead, TURNSTILE_TEST_SECRET } from "../test-support/fake-leads.ts";
import { rateLimitSubject } from "./rate-limit.ts";
import { MAX_JSON_BYTES } from "./read-lead-body.ts";

async function outcomeOf(response: Response) {
  return LeadResponseSchema.parse(await response.json());
}

describe("POST /api/leads", () => {
  it("stores a valid lead in D1 before answering 202 with a reference", async () => {
    const lead = testDriveLead();
    const response = await postLead(lead);
    expect(response.status).toBe(202);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const outcome = await outcomeOf(response);
    if (outcome.status !== "accepted") throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
    expect(outcome.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const row = await leadRow(outcome.leadId);
    expect(row).toMatchObject({
      reference: outcome.reference,
      idempotency_key: lead.idempotencyKey,
      kind: "test_drive",
      page_url: `http://dealership.test${lead.pagePath}`,
    });
    const payload = JSON.parse(String(row!.payload));
    expect(payload).toMatchObject({ firstName: "Erika", email: lead.email, vehicleId: 100001 });
    // The envelope is not personal data the CRM needs.
    expect(payload).not.toHaveProperty("idempotencyKey");
    expect(payload).not.toHaveProperty("website");
  });

  it("answers 422 with a German message per field", async () => {
    const response = await postLead(testDriveLead({ email: "kein-at-zeichen", firstName: "", privacyAccepted: false }));
    expect(response.status).toBe(422);
    const outcome = await outcomeOf(response);
    expect(outcome).toEqual({
      status: "invalid",
      fieldErrors: expect.objectContaining({
        email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
        firstName: "Bitte geben Sie Ihren Vornamen ein.",
        privacyAccepted: "Bitte stimmen Sie der Verarbeitung Ihrer Angaben zu, damit wir Ihre Anfrage bearbeiten können.",
      }),
    });
  });

  it("an unknown kind is a 422 for the whole form", async () => {
    const response = await postLead({ kind: "newsletter", idempotencyKey: crypto.randomUUID() });
    expect(response.status).toBe(422);
    expect(await outcomeOf(response)).toEqual({ status: "invalid", fieldErrors: { kind: "Unbekannte Anfrageart." } });
  });

  it("the same idempotency key again answers with the first lead and stores nothing twice", async () => {
    const lead = testDriveLead();
    const first = await outcomeOf(await postLead(lead));
    const again = await postLead({ ...lead, firstName: "Geändert" });
    expect(again.status).toBe(202);
    expect(await outcomeOf(again)).toEqual(first);
    expect(await leadCount("idempotency_key = ?", lead.idempotencyKey)).toBe(1);
  });

  it("10 concurrent requests with one key store one lead and all get its reference", async () => {
    const lead = testDriveLead();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => postLead(lead).then(outcomeOf)));
    expect(new Set(outcomes.map((outcome) => JSON.stringify(outcome))).size).toBe(1);
    expect(outcomes[0]!.status).toBe("accepted");
    expect(await leadCount("idempotency_key = ?", lead.idempotencyKey)).toBe(1);
  });

  it("a filled honeypot looks like success but stores nothing", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const lead = testDriveLead({ website: "http://spam.example" });
    const response = await postLead(lead);
    expect(response.status).toBe(202);
    expect((await outcomeOf(response)).status).toBe("accepted");
    expect(await leadCount("idempotency_key = ?", lead.idempotencyKey)).toBe(0);
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/honeypot/));
  });

  it("the sixth lead from one IP within 10 minutes gets 429 with the German message", async () => {
    const ip = "192.0.2.77";
    for (let index = 0; index < 5; index += 1) expect((await postLead(testDriveLead(), { ip })).status).toBe(202);
    const response = await postLead(testDriveLead(), { ip });
    expect(response.status).toBe(429);
    expect(await outcomeOf(response)).toEqual({
      status: "refused",
      reason: "rate_limited",
      message: "Sie haben in kurzer Zeit sehr viele Anfragen gesendet. Bitte versuchen Sie es in einigen Minuten erneut.",
    });
    // Another IP is not affected; the IP itself is not stored.
    expect((await postLead(testDriveLead(), { ip: "192.0.2.78" })).status).toBe(202);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM lead_rate_limit WHERE ip_hash LIKE '%192.0.2%'").first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("IPv6: the addresses of one /64 share one limit (a visitor can choose any of them), the next /64 is another", async () => {
    const net = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let index = 1; index <= 5; index += 1) expect((await postLead(testDriveLead(), { ip: `${net}::${index}` })).status).toBe(202);
    expect((await postLead(testDriveLead(), { ip: `${net}:ffff:0:0:abcd` })).status).toBe(429);
    expect((await postLead(testDriveLead(), { ip: `${net.toUpperCase()}:0:0:0:99` })).status).toBe(429);
    expect((await postLead(testDriveLead(), { ip: `${net.slice(0, -1)}8::1` })).status).toBe(202);
  });

  it.each([
    ["192.0.2.7", "192.0.2.7"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:aaaa:0:0:2", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:0000:0000:0000:0003", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:192.0.2.7", "192.0.2.7"],
    ["64:ff9b::192.0.2.7", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
    ["1:2:3", "1:2:3"],
    ["1::2::3", "1::2::3"],
  ])("rate-limit subject of %s is %s", (ip, subject) => {
    expect(rateLimitSubject(ip)).toBe(subject);
  });

  it("a replay of an accepted lead does not count against the rate limit", async () => {
    const ip = "192.0.2.90";
    const lead = testDriveLead();
    for (let index = 0; index < 8; index += 1) expect((await postLead(lead, { ip })).status).toBe(202);
    expect((await postLead(testDriveLead(), { ip })).status).toBe(202);
  });

  it("refuses cross-site posts with 403 before reading the body", async () => {
    const crossSite: Array<Record<string, string>> = [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "" },
      { Origin: "null" },
    ];
    for (const headers of crossSite) {
      const lead = testDriveLead();
      const response = await postLead(lead, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await outcomeOf(response)).toEqual({ status: "refused", reason: "cross_site", message: LEAD_REFUSAL_MESSAGES.cross_site });
      expect(await leadCount("idempotency_key = ?", lead.idempotencyKey)).toBe(0);
    }
  });

  it("allows same-origin posts, SITE_ORIGIN posts and clients that send no Origin", async () => {
    const siteEnv = envWith({ SITE_ORIGIN: "https://www.autohaus.example" });
    expect((await postLead(testDriveLead(), { env: siteEnv, headers: { Origin: "https://www.autohaus.example" } })).status).toBe(202);
    const bare = await postLead(testDriveLead(), { headers: { Origin: "", "Sec-Fetch-Site": "" } });
    expect(bare.status).toBe(202);
  });

  it("refuses JSON over 64 KB with 413, declared or streamed", async () => {
    const big = JSON.stringify(testDriveLead({ message: "x".repeat(MAX_JSON_BYTES) }));
    const declared = await postLead(null, { raw: big, headers: { "Content-Type": "application/json" } });
    expect(declared.status).toBe(413);
    expect(await outcomeOf(declared)).toMatchObject({ reason: "too_large" });
    // A body that lies about its length (chunked, no Content-Length) is cut off while streaming.
    const stream = new ReadableStream({
      start(controller) {
        for (let index = 0; index < 20; index += 1) controller.enqueue(new TextEncoder().encode("x".repeat(8 * 1024)));
        controller.close();
      },
    });
    const streamed = await postLead(null, { raw: stream, headers: { "Content-Type": "application/json" } });
    expect(streamed.status).toBe(413);
  });

  it("answers malformed JSON with 400 and a German message", async () => {
    for (const raw of ["{not json", "[1,2,3]", '"text"', "null", ""]) {
      const response = await postLead(null, { raw, headers: { "Content-Type": "application/json" } });
      expect(response.status, raw).toBe(400);
      expect(await outcomeOf(response)).toEqual({ status: "refused", reason: "malformed", message: LEAD_REFUSAL_MESSAGES.malformed });
    }
  });

  it("answers other content types with 415", async () => {
    const response = await postLead(null, { raw: "kind=test_drive", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(response.status).toBe(415);
    expect((await outcomeOf(response)).status).toBe("refused");
  });

  it("answers other methods with 405 and Allow: POST", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await postLead(null, { method, raw: method === "GET" ? undefined : "{}" });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    }
  });

  it("__proto__ and constructor keys pollute nothing", async () => {
    const lead = testDriveLead();
    const raw = JSON.stringify(lead).replace(
      /^\{/,
      '{"__proto__":{"polluted":true,"status":"refused"},"constructor":{"prototype":{"polluted":true}},',
    );
    const response = await postLead(null, { raw, headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(202);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const outcome = await outcomeOf(response);
    if (outcome.status !== "accepted") throw new Error("not accepted");
    const payload = JSON.parse(String((await leadRow(outcome.leadId))!.payload));
    expect(Object.keys(payload)).not.toContain("__proto__");
    expect(Object.keys(payload)).not.toContain("constructor");
    // As field names of an editor form, too.
    const formResponse = await postLead(null, {
      raw:
        '{"kind":"content_form","idempotencyKey":"' +
        crypto.randomUUID() +
        '","formId":"kontakt","pageSlug":"kontakt","blockUid":"b1","fields":{"__proto__":{"x":1},"constructor":"y"}}',
      headers: { "Content-Type": "application/json" },
    });
    expect(formResponse.status).toBe(422);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("answers 503 with a German message when D1 fails, and stores nothing", async () => {
    const lead = testDriveLead();
    const failingDb = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare")
          return () => {
            throw new Error("D1_ERROR: storage unavailable");
          };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const response = await postLead(lead, { env: envWith({}, { DB: failingDb }) });
    expect(response.status).toBe(503);
    expect(await outcomeOf(response)).toEqual({ status: "refused", reason: "unavailable", message: LEAD_REFUSAL_MESSAGES.unavailable });
    expect(LEAD_REFUSAL_MESSAGES.unavailable).toContain("040 123456-0");
    expectConsoleError(/\(D1 unavailable\).*storage unavailable/);
    expect(await leadCount("idempotency_key = ?", lead.idempotencyKey)).toBe(0);
  });
});

describe("what a lead points at must exist", () => {
  it("a sold or unknown vehicle, an unknown model line or center is a 422 at that field, nothing stored", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ vehicleId: 999_999 }, "vehicleId"],
      [{ vehicleId: undefined, brand: "hyundai", model: "gibt-es-nicht", location: "center-goslar" }, "model"],
      [{ vehicleId: undefined, brand: "hyundai", model: "kona", location: "center-atlantis" }, "location"],
    ];
    for (const [overrides, field] of cases) {
      const lead = testDriveLead(overrides);
      const response = await postLead(lead, { ip: `192.0.2.${100 + cases.findIndex(([candidate]) => candidate === overrides)}` });
      expect(response.status, field).toBe(422);
      const outcome = await outcomeOf(response);
      expect(outcome.status === "invalid" && Object.keys(outcome.fieldErrors)).toEqual([field]);
      expect(await leadCount("idempotency_key = ?", lead.idempotencyKey)).toBe(0);
    }
  });

  it("a model test drive at a real center of a real line is accepted", async () => {
    const response = await postLead(testDriveLead({ vehicleId: undefined, brand: "hyundai", model: "kona", location: "center-goslar" }), {
      ip: "192.0.2.120",
    });
    expect(response.status).toBe(202);
  });
});

describe("Turnstile", () => {
  const turnstileEnv = () =>
    envWith({ TURNSTILE_SECRET_KEY: TURNSTILE_TEST_SECRET, TURNSTILE_VERIFY_URL: `${env.FAKE_LEADS_URL}/turnstile/v0/siteverify` });

  it("a token siteverify accepts lets the lead in", async () => {
    expect((await postLead(testDriveLead({ turnstileToken: "pass-1" }), { env: turnstileEnv() })).status).toBe(202);
  });

  it("a refused or missing token is a 403 with a German message", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    for (const lead of [testDriveLead({ turnstileToken: "fail-1" }), testDriveLead()]) {
      const response = await postLead(lead, { env: turnstileEnv() });
      expect(response.status).toBe(403);
      expect(await outcomeOf(response)).toEqual({ status: "refused", reason: "turnstile", message: LEAD_REFUSAL_MESSAGES.turnstile });
      expect(await leadCount("idempotency_key = ?", lead.idempotencyKey)).toBe(0);
    }
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/invalid-input-response/));
  });

  it("siteverify unreachable is a refusal, not an error page", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const unreachable = envWith({
      TURNSTILE_SECRET_KEY: TURNSTILE_TEST_SECRET,
      TURNSTILE_VERIFY_URL: `${env.FAKE_LEADS_URL}/no-such-service`,
    });
    const response = await postLead(testDriveLead({ turnstileToken: "pass-2" }), { env: unreachable });
    expect(response.status).toBe(403);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/siteverify answered 404/));
  });
});
