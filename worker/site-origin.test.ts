import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { BROWSER_UA } from "./test-support/requests.ts";
import { expectConsoleError } from "./test-support/setup.ts";

const PUBLIC = "https://www.autohaus-gruppe-nord.de";

/** A request as a forged Host header makes it: the URL the worker sees carries the attacker's host. */
async function forged(path: string, vars: Record<string, string>): Promise<{ status: number; body: string }> {
  const ctx = createExecutionContext();
  const response = await createApp().fetch(
    new Request(`https://evil.example${path}`, { headers: { "User-Agent": BROWSER_UA, Host: "evil.example" } }),
    { ...env, ...vars } as Env,
    ctx,
  );
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, body };
}

describe("the Host header never reaches canonical links, JSON-LD or the sitemap", () => {
  it("production: everything public names SITE_ORIGIN", async () => {
    const vars = { ENVIRONMENT: "production", SITE_ORIGIN: PUBLIC };
    const vehicle = await forged("/carfinder/100001-1-mercedes-benz-a-180-progressive", vars);
    expect(vehicle.status).toBe(200);
    expect(vehicle.body).toContain(`<link rel="canonical" href="${PUBLIC}/carfinder/100001-1-mercedes-benz-a-180-progressive"`);
    expect(vehicle.body).toContain(`"url":"${PUBLIC}/carfinder/100001-1-mercedes-benz-a-180-progressive"`);
    const sitemap = await forged("/sitemap.xml", vars);
    expect(sitemap.body).toContain(`<loc>${PUBLIC}/carfinder</loc>`);
    for (const page of [vehicle, sitemap]) expect(page.body).not.toContain("evil.example");
    // A paged list keeps its page in the canonical link.
    const paged = await forged("/stock/private-lease?seite=2&utm_source=x", vars);
    expect(/<link rel="canonical"[^>]*>/.exec(paged.body)?.[0]).toBe(
      `<link rel="canonical" href="${PUBLIC}/stock/private-lease?seite=2"/>`,
    );
  });

  it("production without SITE_ORIGIN does not serve pages built from the Host header", async () => {
    const { status, body } = await forged("/carfinder", { ENVIRONMENT: "production", SITE_ORIGIN: "" });
    expect(status).toBe(500);
    expect(body).not.toContain("evil.example");
    expectConsoleError(/Invalid worker environment: SITE_ORIGIN/);
  });
});
