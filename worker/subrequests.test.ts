import { describe, expect, it } from "vitest";
import { PAGE_TYPES } from "#domain/page-types.ts";
import { countSubrequests } from "./test-support/subrequest-counter.ts";
import { BROWSER_UA, ORIGIN } from "./test-support/requests.ts";
import { plainTestDrivePost, TEST_DRIVE_PAGE, testDriveLead } from "./test-support/fake-leads.ts";

/** Cloudflare's free plan: at most 50 subrequests (fetch, KV, D1, R2, Queue, Cache) per request. */
const FREE_PLAN_SUBREQUESTS = 50;

const request = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": BROWSER_UA }, redirect: "manual" });
const summary = (byKind: Map<string, number>) => [...byKind].map(([kind, n]) => `${kind} ${n}`).join(", ");

describe("every page type stays within the free plan's 50 subrequests (docs/limits.md)", () => {
  it.each(PAGE_TYPES)("$type ($path): cold and warm", async ({ path }) => {
    // Cold: nothing of this page in the HTML or content cache yet (the first request after a
    // publish); warm: the same request again.
    const cold = await countSubrequests(request(path));
    expect(cold.response.status, path).toBeLessThan(500);
    expect(cold.count.total, `${path} cold: ${summary(cold.count.byKind)}`).toBeLessThanOrEqual(FREE_PLAN_SUBREQUESTS);
    expect(cold.count.overLimits, path).toEqual([]);
    const warm = await countSubrequests(request(path));
    expect(warm.count.total, `${path} warm: ${summary(warm.count.byKind)}`).toBeLessThanOrEqual(cold.count.total);
    console.log(`subrequests ${path}: cold ${cold.count.total} (${summary(cold.count.byKind)}); warm ${warm.count.total}`);
  });

  it("the counter sees what the app does: a vehicle page reads D1 and a redirect reads KV", async () => {
    const vehicle = await countSubrequests(request("/carfinder/100001-1-mercedes-benz-a-180-progressive?counter-check"));
    expect([...vehicle.count.byKind.keys()].some((kind) => kind.startsWith("d1."))).toBe(true);
    const redirect = await countSubrequests(request("/angebote"));
    expect(redirect.response.status).toBe(301);
    expect(redirect.count.byKind.get("kv.get") ?? 0).toBeGreaterThan(0);
  });
});

describe("requests that write stay within the 50 subrequests too", () => {
  const post = (path: string, body: string, contentType: string) =>
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: {
        "User-Agent": BROWSER_UA,
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 200) + 1}`,
        "Content-Type": contentType,
      },
      body,
    });

  it("a lead through the API (rate limit, checks, D1, the queue)", async () => {
    const { count, response } = await countSubrequests(post("/api/leads", JSON.stringify(testDriveLead()), "application/json"));
    expect(response.status).toBe(202);
    expect((count.byKind.get("queue.send") ?? 0) + (count.byKind.get("queue.sendBatch") ?? 0), summary(count.byKind)).toBe(1);
    expect(count.total, summary(count.byKind)).toBeLessThanOrEqual(FREE_PLAN_SUBREQUESTS);
    expect(count.overLimits).toEqual([]);
  });

  it("a lead posted from a page without JavaScript", async () => {
    const body = plainTestDrivePost(Object.fromEntries(Object.entries(testDriveLead()).map(([name, value]) => [name, String(value)])));
    const { count, response } = await countSubrequests(post(TEST_DRIVE_PAGE, body.toString(), "application/x-www-form-urlencoded"));
    expect(response.status, summary(count.byKind)).toBeLessThan(500);
    expect(count.total, summary(count.byKind)).toBeLessThanOrEqual(FREE_PLAN_SUBREQUESTS);
  });
});
