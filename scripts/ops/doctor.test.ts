import { describe, expect, it } from "vitest";
import { diagnose, report } from "./doctor.ts";
import { configFixture } from "./ops-fixtures.ts";

const ALL_SECRETS = new Set([
  "STORYBLOK_TOKEN",
  "STORYBLOK_WEBHOOK_SECRET",
  "STORYBLOK_PREVIEW_TOKEN",
  "LEAD_IP_HASH_SECRET",
  "CRM_WEBHOOK_URL",
  "CRM_WEBHOOK_SECRET",
  "TURNSTILE_SECRET_KEY",
  "SENTRY_DSN",
  "STOCK_ADMIN_TOKEN",
]);
const production = configFixture({
  name: "dealership-site-production",
  vars: {
    ENVIRONMENT: "production",
    SITE_ORIGIN: "https://www.example.de",
    TURNSTILE_SITE_KEY: "0x4AAA",
    APPOINTMENTS_SCRIPT_URL: "https://widget.example/app.js",
    CHAT_SCRIPT_URL: "",
    TAG_MANAGER_SCRIPT_URL: "https://www.googletagmanager.com/gtm.js",
  },
});

const missingOf = (findings: ReturnType<typeof diagnose>) =>
  findings.filter((finding) => finding.problem !== null && finding.need === "required").map((finding) => finding.name);

describe("doctor", () => {
  it("a complete production environment is ready", () => {
    const { text, ready } = report("production", production.name, diagnose("production", production, ALL_SECRETS));
    expect(ready).toBe(true);
    expect(text).toMatch(/Bereit: nichts Nötiges fehlt \(0 Empfehlungen offen\)\. \/ Ready: nothing required is missing/);
  });

  it("a fresh production environment names every required item in German and English, with what to do", () => {
    const fresh = configFixture({
      name: "dealership-site-production",
      vars: { ENVIRONMENT: "production", PUBLIC_MOCK_DATA: "true", CHAT_SCRIPT_URL: "/demo/chat-widget.js" },
      d1_databases: [{ binding: "DB" }],
      kv_namespaces: [],
    });
    const findings = diagnose("production", fresh, new Set());
    expect(missingOf(findings)).toEqual([
      "DB (D1)",
      "REDIRECTS (KV)",
      "SITE_ORIGIN",
      "STORYBLOK_TOKEN",
      "STORYBLOK_WEBHOOK_SECRET",
      "LEAD_IP_HASH_SECRET",
      "CRM_WEBHOOK_URL + CRM_WEBHOOK_SECRET | HUBSPOT_*",
      "TURNSTILE_SITE_KEY + TURNSTILE_SECRET_KEY",
      "APPOINTMENTS_SCRIPT_URL",
      "CHAT_SCRIPT_URL",
      "TAG_MANAGER_SCRIPT_URL",
      "PUBLIC_MOCK_DATA",
    ]);
    const { text, ready } = report("production", fresh.name, findings);
    expect(ready).toBe(false);
    expect(text).toContain("✗ SITE_ORIGIN fehlt (nötig: öffentliche https-Adresse der Website");
    expect(text).toContain("  SITE_ORIGIN missing (required: the site's public https origin");
    expect(text).toContain('  → wrangler.toml [env.production.vars] SITE_ORIGIN = "https://www.example.de"');
    expect(text).toContain("✗ DB (D1) hat noch keine Ressource (ID)");
    expect(text).toContain("  → npx wrangler secret put LEAD_IP_HASH_SECRET --env production");
    expect(text).toMatch(/Nicht bereit: 12 nötige Angaben fehlen\. \/ Not ready: 12 required items are missing\.$/);
  });

  it("staging needs the platform, the origin and the hash key; content, CRM, Turnstile and vendors are recommendations there", () => {
    const staging = configFixture({ vars: { ENVIRONMENT: "preview", SITE_ORIGIN: "https://staging.example.de" } });
    const findings = diagnose("staging", staging, new Set(["LEAD_IP_HASH_SECRET"]));
    expect(missingOf(findings)).toEqual([]);
    expect(findings.filter((finding) => finding.problem !== null).map((finding) => finding.need)).not.toContain("required");
    expect(report("staging", staging.name, findings).ready).toBe(true);
  });

  it.each([
    ["http://www.example.de", "ist keine https-Adresse"],
    ["https://www.example.de/start", "ist keine https-Adresse"],
    ["www.example.de", "ist keine https-Adresse"],
  ])("SITE_ORIGIN %s is refused", (origin, words) => {
    const config = configFixture({ vars: { ...production.vars, SITE_ORIGIN: origin } });
    const finding = diagnose("production", config, ALL_SECRETS).find((entry) => entry.name === "SITE_ORIGIN");
    expect(finding?.problem?.de).toContain(words);
  });

  it("a var may also be given as a secret (CRM_WEBHOOK_URL), and HubSpot stands in for the webhook", () => {
    const hubspot = new Set(
      [...ALL_SECRETS]
        .filter((name) => !name.startsWith("CRM_"))
        .concat(["HUBSPOT_PORTAL_ID", "HUBSPOT_FORM_GUID", "HUBSPOT_ACCESS_TOKEN"]),
    );
    expect(missingOf(diagnose("production", production, hubspot))).toEqual([]);
    expect(
      diagnose("staging", configFixture({ vars: { ENVIRONMENT: "production" } }), ALL_SECRETS).find((f) => f.name === "ENVIRONMENT")
        ?.problem?.en,
    ).toBe('must be "preview"');
  });

  it("secrets that cannot be read (not logged in): vars and bindings still judged, what hangs on a secret marked '?', never 'ready'", () => {
    const findings = diagnose("production", production, null);
    const unchecked = findings.filter((finding) => finding.unchecked).map((finding) => finding.name);
    expect(unchecked).toEqual([
      "STORYBLOK_TOKEN",
      "STORYBLOK_WEBHOOK_SECRET",
      "STORYBLOK_PREVIEW_TOKEN",
      "LEAD_IP_HASH_SECRET",
      "CRM_WEBHOOK_URL + CRM_WEBHOOK_SECRET | HUBSPOT_*",
      "TURNSTILE_SITE_KEY + TURNSTILE_SECRET_KEY",
      "MOBILEDE_CUSTOMERS + MOBILEDE_USER + MOBILEDE_PASSWORD | STOCK_ADMIN_TOKEN",
      "SENTRY_DSN",
    ]);
    const { text, verdict, ready } = report("production", production.name, findings);
    expect([verdict, ready]).toEqual(["unchecked", false]);
    expect(text).toContain("? LEAD_IP_HASH_SECRET nicht prüfbar: die Secrets ließen sich nicht lesen (wrangler login?)");
    expect(text).toMatch(/Nicht geprüft: 5 nötige Angaben hängen an Secrets/);
    // Something required that is known to be missing outranks what could not be checked.
    const withoutOrigin = configFixture({ vars: { ...production.vars, SITE_ORIGIN: undefined } });
    expect(report("production", "w", diagnose("production", withoutOrigin, null)).verdict).toBe("missing");
  });
});
