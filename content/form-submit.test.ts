import { describe, expect, it } from "vitest";
import { newIdempotencyKey, pageSlugOf, submitContentForm, type ContentFormSubmission } from "./form-submit.ts";
import { interpretLeadAnswer } from "./form-submit-schema.ts";

const BODY: ContentFormSubmission = {
  kind: "content_form",
  idempotencyKey: newIdempotencyKey(),
  website: "",
  formId: "callback",
  pageSlug: "werkstatt",
  blockUid: "b1",
  fields: { email: "max@example.de", privacy: true },
};

function answering(status: number, body: unknown) {
  const calls: Array<{ input: string; init: RequestInit }> = [];
  const fetcher = async (input: string, init: RequestInit) => {
    calls.push({ input, init });
    return new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  };
  return { calls, fetcher };
}

describe("lead pipeline answers (the contract)", () => {
  it.each([
    [202, { status: "accepted", leadId: "L-1" }, { kind: "accepted", leadId: "L-1" }],
    [
      422,
      { status: "invalid", fieldErrors: { email: "E-Mail-Adresse ist ungültig." } },
      { kind: "invalid", fieldErrors: new Map([["email", "E-Mail-Adresse ist ungültig."]]) },
    ],
    [
      429,
      { status: "refused", message: "Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut." },
      { kind: "refused", message: "Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut." },
    ],
    [403, { status: "refused", message: "Anfrage abgelehnt." }, { kind: "refused", message: "Anfrage abgelehnt." }],
    [400, { status: "refused", message: "Ungültige Anfrage." }, { kind: "refused", message: "Ungültige Anfrage." }],
    [202, { status: "accepted" }, { kind: "error" }],
    [422, { status: "invalid", fieldErrors: { email: 42 } }, { kind: "error" }],
    [404, "Not Found", { kind: "error" }],
    [200, { status: "accepted", leadId: "L-1" }, { kind: "error" }],
  ])("%i %j → %j", (status, answer, outcome) => {
    expect(interpretLeadAnswer(status, answer)).toEqual(outcome);
  });
});

describe("submitContentForm", () => {
  it("posts the JSON body to /api/leads", async () => {
    const { calls, fetcher } = answering(202, { status: "accepted", leadId: "L-7" });
    await expect(submitContentForm(BODY, fetcher)).resolves.toEqual({ kind: "accepted", leadId: "L-7" });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toBe("/api/leads");
    expect(calls[0]!.init.method).toBe("POST");
    expect(new Headers(calls[0]!.init.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual(BODY);
  });

  it("a 5xx, an answer that is not JSON and a network failure are errors", async () => {
    await expect(submitContentForm(BODY, answering(503, { status: "accepted", leadId: "x" }).fetcher)).resolves.toEqual({ kind: "error" });
    await expect(submitContentForm(BODY, answering(202, "<html>").fetcher)).resolves.toEqual({ kind: "error" });
    await expect(submitContentForm(BODY, async () => Promise.reject(new TypeError("Failed to fetch")))).resolves.toEqual({ kind: "error" });
  });
});

describe("helpers", () => {
  it("idempotency keys are UUID v4 and differ", () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it.each([
    ["/", ""],
    ["/werkstatt/schadensmanagement", "werkstatt/schadensmanagement"],
    ["/werkstatt/", "werkstatt"],
    ["/teile-zubeh%C3%B6r", "teile-zubehör"],
    ["/kaputt%E0", "kaputt%E0"],
  ])("page slug of %s is %j", (path, slug) => {
    expect(pageSlugOf(path)).toBe(slug);
  });
});
