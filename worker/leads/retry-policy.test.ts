import { describe, expect, it } from "vitest";
import { classifyResponse, retryAfterSeconds, retryDelaySeconds } from "./retry-policy.ts";

describe("delivery retry policy", () => {
  it("doubles from the base delay per attempt and stops at one hour", () => {
    const middle = () => 0.5; // no jitter
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempt) => retryDelaySeconds(attempt, 30, middle))).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });

  it("jitters by at most 20 % either way, never below a second or above an hour", () => {
    expect(retryDelaySeconds(1, 30, () => 0)).toBe(24);
    expect(retryDelaySeconds(1, 30, () => 0.999999)).toBe(36);
    expect(retryDelaySeconds(1, 1, () => 0)).toBe(1);
    expect(retryDelaySeconds(12, 30, () => 0.999999)).toBe(3600);
  });

  it("reads Retry-After in seconds only", () => {
    expect(retryAfterSeconds("120")).toBe(120);
    expect(retryAfterSeconds("999999")).toBe(3600);
    expect(retryAfterSeconds("Wed, 21 Oct 2026 07:28:00 GMT")).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
  });

  it("408, 429 and 5xx are transient; other 4xx and redirects are permanent", () => {
    const status = (code: number) => classifyResponse(new Response(null, { status: code }));
    expect(status(200)).toEqual({ ok: true, crmId: null });
    for (const code of [408, 429, 500, 502, 503, 504]) expect(status(code)).toMatchObject({ ok: false, permanent: false });
    for (const code of [301, 400, 401, 403, 404, 410, 422]) expect(status(code)).toMatchObject({ ok: false, permanent: true });
  });
});
