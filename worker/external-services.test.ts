import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { EnvVarsSchema, externalServices, serviceOrigins, turnstileOrigins } from "./env.ts";
import { BROWSER_UA, get } from "./test-support/requests.ts";

/** Booking widget and autochat settings (ADR 0014): env → root loader data → CSP. */

const now = () => Math.floor(Date.now() / 1000);
const cspOf = (response: Response) => response.headers.get("Content-Security-Policy") ?? "";
const directive = (response: Response, name: string) => new RegExp(`(?:^|; )${name} ([^;]*)`).exec(cspOf(response))?.[1];

function fetchWith(overrides: Record<string, string>, path: string, consent: string) {
  const request = new Request(`http://dealership.test${path}`, {
    headers: { "User-Agent": BROWSER_UA, Cookie: `locale=de; agn_consent=${consent}` },
  });
  return createApp().fetch(request, { ...env, ...overrides } as Env, createExecutionContext());
}

describe("service settings from the environment", () => {
  it("defaults to the local stand-ins with the spec's query parameter values", () => {
    const services = externalServices(EnvVarsSchema.parse({ ENVIRONMENT: "test" }));
    expect(services).toEqual({
      appointments: {
        scriptUrl: "/demo/appointments-widget.js",
        app: "agn-website",
        appCode: "demo",
        settings: "default",
        providerName: "Demo-Terminservice",
      },
      chat: { scriptUrl: "/demo/chat-widget.js", chatId: "agn-demo", providerName: "Demo-Chat" },
      maps: { tileUrl: null, attribution: "Kartengrundlage: Natural Earth (gemeinfrei)", providerName: "Demo-Karte" },
      turnstile: null,
      errorReporting: null,
      mockData: false,
      tagManager: { scriptUrl: "/demo/tag-manager.js" },
    });
  });

  it("error reporting only when a DSN and the environment are configured (spec section 9)", () => {
    const dsn = "https://public@errors.example/1";
    expect(externalServices(EnvVarsSchema.parse({ ENVIRONMENT: "test", SENTRY_BROWSER_DSN: dsn })).errorReporting).toEqual({
      dsn,
      environment: "test",
    });
    // No ENVIRONMENT: production semantics (SITE_ORIGIN required), but nothing is reported.
    const unnamed = EnvVarsSchema.parse({ SITE_ORIGIN: "https://www.example.de", SENTRY_BROWSER_DSN: dsn, SENTRY_DSN: dsn });
    expect(unnamed.ENVIRONMENT).toBe("production");
    expect(unnamed.environmentConfigured).toBe(false);
    expect(externalServices(unnamed).errorReporting).toBeNull();
    expect(externalServices(EnvVarsSchema.parse({ ENVIRONMENT: "test" })).errorReporting).toBeNull();
  });

  it("the mock-data mode is on only when the public mock setting equals 'true'", () => {
    expect(EnvVarsSchema.parse({ ENVIRONMENT: "test", PUBLIC_MOCK_DATA: "true" }).mockData).toBe(true);
    for (const value of [undefined, "TRUE", "1", "yes", " true", "false"]) {
      expect(EnvVarsSchema.parse({ ENVIRONMENT: "test", PUBLIC_MOCK_DATA: value }).mockData, String(value)).toBe(false);
    }
  });

  it("the map takes an https XYZ tile template with {z}, {x} and {y}; an empty one means none", () => {
    const osm = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
    expect(EnvVarsSchema.parse({ ENVIRONMENT: "test", MAP_TILE_URL: osm }).MAP_TILE_URL).toBe(osm);
    expect(EnvVarsSchema.parse({ ENVIRONMENT: "test", MAP_TILE_URL: "" }).MAP_TILE_URL).toBeNull();
  });

  it("an empty script URL means not configured (plugin missing, chat fallback)", () => {
    const vars = EnvVarsSchema.parse({ ENVIRONMENT: "test", APPOINTMENTS_SCRIPT_URL: "", CHAT_SCRIPT_URL: " " });
    expect(vars.APPOINTMENTS_SCRIPT_URL).toBeNull();
    expect(vars.CHAT_SCRIPT_URL).toBeNull();
  });

  it("a script URL may be https or a path of our own site", () => {
    for (const url of ["https://chat.example/loader.js", "/demo/chat-widget.js"]) {
      expect(EnvVarsSchema.parse({ ENVIRONMENT: "test", CHAT_SCRIPT_URL: url }).CHAT_SCRIPT_URL).toBe(url);
    }
  });

  it.each([
    ["MAP_TILE_URL", "http://tile.openstreetmap.org/{z}/{x}/{y}.png"],
    ["MAP_TILE_URL", "https://tile.openstreetmap.org/{z}/{x}.png"],
    ["MAP_TILE_URL", "javascript:alert(1)//{z}{x}{y}"],
    ["MAP_TILE_URL", "/tiles/{z}/{x}/{y}.png"],
    ["CHAT_SCRIPT_URL", "http://chat.example/loader.js"],
    ["CHAT_SCRIPT_URL", "//chat.example/loader.js"],
    ["CHAT_SCRIPT_URL", "javascript:alert(1)"],
    ["CHAT_SCRIPT_URL", "https://user:pw@chat.example/x.js"],
    ["CHAT_SCRIPT_URL", "loader.js"],
  ])("%s=%s fails naming the field", (field, value) => {
    const result = EnvVarsSchema.safeParse({ ENVIRONMENT: "test", [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it("only external script URLs contribute CSP origins", () => {
    expect(serviceOrigins(EnvVarsSchema.parse({ ENVIRONMENT: "test" }))).toEqual(
      new Map([
        ["booking", []],
        ["chat", []],
      ]),
    );
    const origins = serviceOrigins(
      EnvVarsSchema.parse({ ENVIRONMENT: "test", APPOINTMENTS_SCRIPT_URL: "https://termine.example/widget.js?v=2" }),
    );
    expect(origins.get("booking")).toEqual(["https://termine.example"]);
  });

  it("the browser gets the settings in the root loader's data", async () => {
    const html = await (await get("/impressum")).text();
    expect(html).toContain("/demo/appointments-widget.js");
    expect(html).toContain("Demo-Terminservice");
    expect(html).toContain("/demo/chat-widget.js");
  });
});

describe("Content-Security-Policy for the booking widget and the autochat", () => {
  const vendors = { APPOINTMENTS_SCRIPT_URL: "https://termine.example/widget.js", CHAT_SCRIPT_URL: "https://chat.example/loader.js" };

  it("the stand-ins are our own origin: nothing is added, whatever is granted", async () => {
    const response = await fetchWith({}, "/impressum", `v1.chat-booking.${now()}`);
    expect(directive(response, "connect-src")).toBe("'self'");
    // An islands page: its inline script's hash instead of a nonce (ADR 0018).
    expect(directive(response, "script-src")).toMatch(/^'sha256-[^']+' 'strict-dynamic'$/);
    const appPage = await fetchWith({}, "/carfinder", `v1.chat-booking.${now()}`);
    expect(directive(appPage, "script-src")).toMatch(/^'nonce-[^']+' 'strict-dynamic'$/);
  });

  it("a granted purpose adds its vendor's origin to script-, style-, connect- and frame-src", async () => {
    const response = await fetchWith(vendors, "/impressum", `v1.chat.${now()}`);
    for (const name of ["script-src", "style-src", "connect-src", "frame-src"]) {
      expect(directive(response, name), name).toContain("https://chat.example");
      expect(directive(response, name), name).not.toContain("https://termine.example");
    }
    const both = await fetchWith(vendors, "/impressum", `v1.chat-booking.${now()}`);
    expect(directive(both, "connect-src")).toBe("'self' https://chat.example https://termine.example");
  });

  it("undecided or rejected: no vendor origin at all", async () => {
    for (const consent of ["", `v1.none.${now()}`, `v1.maps-video.${now()}`]) {
      const csp = cspOf(await fetchWith(vendors, "/impressum", consent));
      expect(csp, consent).not.toContain("chat.example");
      expect(csp, consent).not.toContain("termine.example");
    }
  });
});

describe("browser error reporting", () => {
  const dsn = { SENTRY_BROWSER_DSN: "https://0123abcd@o1.ingest.sentry.io/4242" };

  it("without a browser DSN the pages carry no reporting settings and the CSP no ingest host", async () => {
    expect(externalServices(EnvVarsSchema.parse({ ENVIRONMENT: "test" })).errorReporting).toBeNull();
    const response = await fetchWith({}, "/carfinder", `v1.statistics.${now()}`);
    expect(directive(response, "connect-src")).toBe("'self'");
  });

  it("with one the pages carry DSN and environment; only statistics consent opens connect-src to the ingest host", async () => {
    expect(
      externalServices(EnvVarsSchema.parse({ ENVIRONMENT: "production", SITE_ORIGIN: "https://www.example.de", ...dsn })).errorReporting,
    ).toEqual({ dsn: dsn.SENTRY_BROWSER_DSN, environment: "production" });
    for (const path of ["/carfinder", "/impressum"]) {
      const granted = await fetchWith(dsn, path, `v1.statistics.${now()}`);
      expect(directive(granted, "connect-src"), path).toBe("'self' https://o1.ingest.sentry.io");
      expect(directive(granted, "script-src"), path).not.toContain("sentry.io");
      expect(await granted.text(), path).toContain(dsn.SENTRY_BROWSER_DSN);
      for (const consent of ["", `v1.none.${now()}`, `v1.maps-video.${now()}`]) {
        expect(directive(await fetchWith(dsn, path, consent), "connect-src"), `${path} ${consent}`).toBe("'self'");
      }
    }
  });

  it("a DSN that is not an http(s) URL fails naming the field", () => {
    const result = EnvVarsSchema.safeParse({ ENVIRONMENT: "test", SENTRY_BROWSER_DSN: "javascript:alert(1)" });
    expect(result.error?.issues[0]?.path).toEqual(["SENTRY_BROWSER_DSN"]);
  });
});

describe("Cloudflare Turnstile on the lead forms (ADR 0013)", () => {
  it("without a site key there is no widget and nothing in the CSP", async () => {
    const vars = EnvVarsSchema.parse({ ENVIRONMENT: "test" });
    expect(externalServices(vars).turnstile).toBeNull();
    expect(turnstileOrigins(vars)).toEqual([]);
    const csp = cspOf(await fetchWith({}, "/directcontact", `v1.none.${now()}`));
    expect(csp).not.toContain("challenges.cloudflare.com");
  });

  it("a site key renders the widget from Cloudflare's explicit-render script, allowed as script and frame whatever the consent", async () => {
    const vars = EnvVarsSchema.parse({ ENVIRONMENT: "test", TURNSTILE_SITE_KEY: "0x4AAAA-site" });
    expect(externalServices(vars).turnstile).toEqual({
      siteKey: "0x4AAAA-site",
      scriptUrl: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
    });
    for (const consent of ["", `v1.none.${now()}`]) {
      const response = await fetchWith({ TURNSTILE_SITE_KEY: "0x4AAAA-site" }, "/directcontact", consent);
      expect(directive(response, "script-src"), consent).toContain("https://challenges.cloudflare.com");
      expect(directive(response, "frame-src"), consent).toContain("https://challenges.cloudflare.com");
      expect(directive(response, "connect-src"), consent).toBe("'self'");
      expect(await response.text()).toContain("0x4AAAA-site");
    }
  });

  it("a local stand-in script is our own origin and adds nothing", () => {
    expect(
      turnstileOrigins(
        EnvVarsSchema.parse({ ENVIRONMENT: "test", TURNSTILE_SITE_KEY: "demo", TURNSTILE_SCRIPT_URL: "/demo/turnstile.js" }),
      ),
    ).toEqual([]);
  });
});

describe("production-safe defaults", () => {
  it("without a setting the worker runs with production semantics, which need the public origin", () => {
    const missing = EnvVarsSchema.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path.join("."))).toEqual(["SITE_ORIGIN"]);
    expect(EnvVarsSchema.safeParse({ ENVIRONMENT: "preview" }).success).toBe(false);
    const production = EnvVarsSchema.parse({ SITE_ORIGIN: "https://www.autohaus-gruppe-nord.de" });
    expect(production.ENVIRONMENT).toBe("production");
    // Local runs opt into development, where the request's origin stands in.
    expect(EnvVarsSchema.parse({ ENVIRONMENT: "development" }).SITE_ORIGIN).toBeUndefined();
  });
});
