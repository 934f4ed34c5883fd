import { describe, expect, it } from "vitest";
import { smoke } from "./smoke.ts";

/** A site that answers from a table of path → response; anything else is a 404. */
function site(routes: Record<string, () => Response>) {
  const table = new Map(Object.entries(routes));
  return async (input: string, init?: RequestInit) => {
    const url = new URL(input);
    const answer = table.get(`${init?.method ?? "GET"} ${url.pathname}`);
    return answer ? answer() : new Response("nope", { status: 404 });
  };
}

const HEADERS = {
  "Content-Security-Policy": "default-src 'self'",
  "X-Content-Type-Options": "nosniff",
  "Strict-Transport-Security": "max-age=1",
};
const healthy = {
  "GET /healthz": () => Response.json({ status: "ok" }),
  "GET /sitemap.xml": () => new Response("<sitemapindex><sitemap><loc>https://www.example.de/sitemap-1.xml</loc></sitemap></sitemapindex>"),
  "GET /sitemap-1.xml": () =>
    new Response(
      "<urlset><url><loc>https://www.example.de/</loc></url><url><loc>https://www.example.de/carfinder/100001-1-a-180</loc></url></urlset>",
    ),
  "GET /carfinder/100001-1-a-180": () => new Response("<h1>A 180</h1>"),
  "GET /": () => new Response("<h1>Start</h1>", { headers: HEADERS }),
  "POST /webhooks/storyblok": () => new Response("{}", { status: 401 }),
};

describe("the post-deploy smoke check", () => {
  it("a healthy site passes every check; a sitemap index is followed to a vehicle page on the checked origin", async () => {
    const checks = await smoke("https://staging.example.de", site(healthy));
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(checks[1]?.detail).toBe("200, 2 URLs, vehicle /carfinder/100001-1-a-180");
  });

  it("each failure is named with what came back, and a fetch that throws is a failed check, not a crash", async () => {
    const broken = site({
      ...healthy,
      "GET /healthz": () => new Response("Error 1101", { status: 500 }),
      "GET /": () => new Response("<h1>Start</h1>"),
      "POST /webhooks/storyblok": () => new Response("{}", { status: 202 }),
      "GET /carfinder/100001-1-a-180": () => {
        throw new TypeError("fetch failed");
      },
    });
    const failed = (await smoke("https://www.example.de", broken)).filter((check) => !check.ok);
    expect(failed).toEqual([
      { name: "GET /healthz", ok: false, detail: "500 Error 1101" },
      { name: "GET a vehicle page", ok: false, detail: "fetch failed" },
      {
        name: "GET / (security headers)",
        ok: false,
        detail: "200, missing content-security-policy, x-content-type-options, strict-transport-security",
      },
      { name: "POST /webhooks/storyblok unsigned → 401", ok: false, detail: "202" },
    ]);
  });
});
