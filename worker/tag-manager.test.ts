import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CONSENT_COOKIE } from "#domain/consent.ts";
import { SITE_SETTINGS_KEY } from "#domain/site-settings.ts";
import { createApp } from "./app.ts";
import { EnvVarsSchema, tagManagerSources } from "./env.ts";
import { forgetSiteSettings } from "./site-settings.ts";
import { BROWSER_UA, ORIGIN } from "./test-support/requests.ts";

const GTM = "https://www.googletagmanager.com/gtm.js";
const COLLECT = "https://www.google-analytics.com https://*.google-analytics.com";
const STATISTICS = `${CONSENT_COOKIE}=v1.statistics.${Math.floor(Date.now() / 1000)}`;

/** The real KV, except for the site settings' config. */
function kvWithConfig(config: Record<string, unknown>): KVNamespace {
  return new Proxy(env.REDIRECTS, {
    get(target, property) {
      if (property === "get") {
        return (key: string, ...rest: unknown[]) =>
          key === SITE_SETTINGS_KEY
            ? Promise.resolve(JSON.stringify({ config }))
            : (target.get as (...args: unknown[]) => unknown)(key, ...rest);
      }
      const member = Reflect.get(target, property);
      return typeof member === "function" ? member.bind(target) : member;
    },
  });
}

async function csp(path: string, { tagManagerId, cookie }: { tagManagerId: string | null; cookie?: string }): Promise<string> {
  forgetSiteSettings();
  const ctx = createExecutionContext();
  const headers = new Headers({ "User-Agent": BROWSER_UA });
  if (cookie) headers.set("Cookie", cookie);
  const response = await createApp().fetch(
    new Request(`${ORIGIN}${path}`, { headers }),
    { ...env, REDIRECTS: kvWithConfig({ tagManagerId }), TAG_MANAGER_SCRIPT_URL: GTM, TAG_MANAGER_CONNECT_ORIGINS: COLLECT } as Env,
    ctx,
  );
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  forgetSiteSettings();
  return response.headers.get("Content-Security-Policy") ?? "";
}

const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";

describe("the tag manager's CSP sources", () => {
  it("with a container id and statistics consent: its script origin and the collect origins, on app and island pages; no brand-tag error", async () => {
    for (const path of ["/carfinder", "/werkstatt"]) {
      const policy = await csp(path, { tagManagerId: "GTM-AGN0001", cookie: STATISTICS });
      expect(directive(policy, "script-src"), path).toContain("https://www.googletagmanager.com");
      expect(directive(policy, "connect-src"), path).toContain(
        "https://www.googletagmanager.com https://www.google-analytics.com https://*.google-analytics.com",
      );
    }
    // The container id is not a brand tag: no "Kein Markenhersteller" report (the setup fails a test on any console.error).
  });

  it("without the consent or without a container id nothing of it is allowed", async () => {
    for (const options of [
      { tagManagerId: "GTM-AGN0001" },
      { tagManagerId: "GTM-AGN0001", cookie: `${CONSENT_COOKIE}=v1.maps-video.${Math.floor(Date.now() / 1000)}` },
      { tagManagerId: null, cookie: STATISTICS },
    ]) {
      const policy = await csp("/carfinder", options);
      expect(policy, JSON.stringify(options)).not.toContain("googletagmanager");
      expect(policy, JSON.stringify(options)).not.toContain("google-analytics");
    }
  });

  it("the sources: the script's own origin plus the collect origins; a stand-in on our own site adds none", async () => {
    const vars = EnvVarsSchema.parse({ ENVIRONMENT: "test", TAG_MANAGER_SCRIPT_URL: GTM, TAG_MANAGER_CONNECT_ORIGINS: COLLECT });
    expect(tagManagerSources(vars, "GTM-X", ["statistics"])).toEqual({
      script: ["https://www.googletagmanager.com"],
      connect: ["https://www.googletagmanager.com", "https://www.google-analytics.com", "https://*.google-analytics.com"],
    });
    // The local stand-in is our own path: nothing to add.
    expect(tagManagerSources(EnvVarsSchema.parse({ ENVIRONMENT: "test" }), "GTM-X", ["statistics"])).toEqual({ script: [], connect: [] });
  });

  it("collect origins must be https origins (a bad value fails naming the field)", () => {
    for (const bad of ["http://www.google-analytics.com", "https://x.example/path", "*", "'unsafe-inline'"]) {
      const result = EnvVarsSchema.safeParse({ ENVIRONMENT: "test", TAG_MANAGER_CONNECT_ORIGINS: bad });
      expect(result.success, bad).toBe(false);
    }
  });
});
