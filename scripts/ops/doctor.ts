import { ENVIRONMENT_VAR, type DeployEnvironment } from "./environments.ts";

/**
 * `npm run doctor -- --env …`: what an environment still lacks before it can serve visitors —
 * bindings without their resources, vars and secrets a live dealership site needs — said in German
 * and English, each with what to do. Pure: the entry (scripts/doctor.ts) reads the environment's
 * config with wrangler's own reader and its secret names with `wrangler secret list`.
 */

/** The parts of wrangler's resolved config for one environment that the doctor reads. */
export interface EnvironmentConfig {
  name: string;
  vars: Record<string, unknown>;
  d1_databases: ReadonlyArray<{ binding: string; database_id?: string | undefined }>;
  kv_namespaces: ReadonlyArray<{ binding: string; id?: string | undefined }>;
  queues: {
    producers?: ReadonlyArray<{ binding: string; queue: string }> | undefined;
    consumers?: ReadonlyArray<{ queue: string; dead_letter_queue?: string | undefined }> | undefined;
  };
  r2_buckets: ReadonlyArray<{ binding: string; bucket_name?: string | undefined }>;
}

type Need = "required" | "recommended";
type Words = { de: string; en: string };

export interface Finding {
  name: string;
  need: Need;
  /** The secrets could not be read, and the vars alone do not satisfy it: neither in order nor missing. */
  unchecked?: true;
  /** null: in order. */
  problem: Words | null;
  /** What it is, for an operator who has not met it. */
  what: Words;
  /** What to do about it. */
  fix: string;
}

interface Context {
  env: DeployEnvironment;
  config: EnvironmentConfig;
  secrets: ReadonlySet<string>;
}

const MISSING: Words = { de: "fehlt", en: "missing" };
const UNCHECKED: Words = {
  de: "nicht prüfbar: die Secrets ließen sich nicht lesen (wrangler login?)",
  en: "not checkable: the secrets could not be read (wrangler login?)",
};
const DEMO: Words = { de: "ist noch der lokale Demo-Platzhalter", en: "is still the local demo stand-in" };

const has = (context: Context, name: string) => Object.hasOwn(context.config.vars, name) || context.secrets.has(name);
const varText = (context: Context, name: string) => {
  const value = Object.hasOwn(context.config.vars, name) ? context.config.vars[name] : undefined;
  return typeof value === "string" ? value : undefined;
};
const secretFix = (name: string, env: DeployEnvironment) => `npx wrangler secret put ${name} --env ${env}`;
const varFix = (name: string, env: DeployEnvironment, example: string) => `wrangler.toml [env.${env}.vars] ${name} = "${example}"`;

interface Requirement {
  name: string;
  need: Record<DeployEnvironment, Need>;
  /** It can be met by a secret, so it cannot be judged without the secret names. */
  readsSecrets?: true;
  what: Words;
  fix: (env: DeployEnvironment) => string;
  problem: (context: Context) => Words | null;
}

const both = (need: Need): Record<DeployEnvironment, Need> => ({ staging: need, production: need });
const productionOnly: Record<DeployEnvironment, Need> = { staging: "recommended", production: "required" };

function binding(name: string, what: Words, present: (config: EnvironmentConfig) => boolean | "no-id"): Requirement {
  return {
    name,
    need: both("required"),
    what,
    fix: (env) => `npm run provision -- --env ${env}`,
    problem: ({ config }) => {
      const state = present(config);
      if (state === "no-id") return { de: "hat noch keine Ressource (ID)", en: "has no resource (id) yet" };
      return state ? null : MISSING;
    },
  };
}

function secret(name: string, need: Record<DeployEnvironment, Need>, what: Words): Requirement {
  return {
    name,
    need,
    what,
    readsSecrets: true,
    fix: (env) => secretFix(name, env),
    problem: (context) => (has(context, name) ? null : MISSING),
  };
}

/** A script URL var that must not stay the local stand-in (client/public/demo/) in production. */
function vendorScript(name: string, what: Words): Requirement {
  return {
    name,
    need: productionOnly,
    what,
    fix: (env) => `${varFix(name, env, "https://…")} (or "" to switch it off)`,
    problem: (context) => (varText(context, name)?.startsWith("/demo/") === true || !has(context, name) ? DEMO : null),
  };
}

/** A binding that names its resource by id: there with its id, there without one, or not there. */
const withId = (entry: object | undefined, id: string | undefined): boolean | "no-id" => (entry ? (id ? true : "no-id") : false);

export const REQUIREMENTS: readonly Requirement[] = [
  binding("DB (D1)", { de: "Datenbank für Bestand, Standorte, Anfragen", en: "database for stock, locations, leads" }, (config) => {
    const entry = config.d1_databases.find((d1) => d1.binding === "DB");
    return withId(entry, entry?.database_id);
  }),
  binding(
    "REDIRECTS (KV)",
    { de: "Weiterleitungstabelle, Einstellungen, Inhalte-Version", en: "redirect table, settings, content version" },
    (config) => {
      const entry = config.kv_namespaces.find((kv) => kv.binding === "REDIRECTS");
      return withId(entry, entry?.id);
    },
  ),
  binding(
    "LEAD_QUEUE (Queues)",
    { de: "Zustellung der Anfragen ans CRM, mit Dead-Letter-Queue", en: "lead delivery to the CRM, with its dead-letter queue" },
    (config) => {
      const producer = config.queues.producers?.find((queue) => queue.binding === "LEAD_QUEUE");
      const consumer = producer && config.queues.consumers?.find((queue) => queue.queue === producer.queue);
      return (
        producer !== undefined &&
        consumer?.dead_letter_queue !== undefined &&
        config.queues.consumers?.some((queue) => queue.queue === consumer.dead_letter_queue) === true
      );
    },
  ),
  binding("LEAD_FILES (R2)", { de: "Fotos zu Inzahlungnahme-Anfragen", en: "trade-in photos of leads" }, (config) =>
    config.r2_buckets.some((bucket) => bucket.binding === "LEAD_FILES" && bucket.bucket_name),
  ),
  binding("STOCK_PICTURES (R2)", { de: "hochgeladene Fahrzeugbilder aus dem DMS", en: "vehicle pictures uploaded by the DMS" }, (config) =>
    config.r2_buckets.some((bucket) => bucket.binding === "STOCK_PICTURES" && bucket.bucket_name),
  ),
  {
    name: "ENVIRONMENT",
    need: both("required"),
    what: { de: "Art der Umgebung (Fehlertexte, Indexierung)", en: "kind of environment (error texts, indexing)" },
    fix: (env) => varFix("ENVIRONMENT", env, ENVIRONMENT_VAR[env]),
    problem: (context) =>
      varText(context, "ENVIRONMENT") === ENVIRONMENT_VAR[context.env]
        ? null
        : { de: `muss "${ENVIRONMENT_VAR[context.env]}" sein`, en: `must be "${ENVIRONMENT_VAR[context.env]}"` },
  },
  {
    name: "SITE_ORIGIN",
    need: both("required"),
    what: {
      de: "öffentliche https-Adresse der Website (Canonical, Sitemap, JSON-LD, eigene Domain)",
      en: "the site's public https origin (canonical links, sitemap, JSON-LD, custom domain)",
    },
    fix: (env) => varFix("SITE_ORIGIN", env, env === "production" ? "https://www.example.de" : "https://staging.example.de"),
    problem: (context) => {
      const value = varText(context, "SITE_ORIGIN");
      if (value === undefined) return MISSING;
      return URL.canParse(value) && new URL(value).protocol === "https:" && new URL(value).origin === value
        ? null
        : { de: "ist keine https-Adresse ohne Pfad (z. B. https://www.example.de)", en: "is not an https origin without a path" };
    },
  },
  secret("STORYBLOK_TOKEN", productionOnly, {
    de: "Storyblok-Token (Content Delivery); ohne ihn zeigt die Seite den Demo-Inhalt",
    en: "Storyblok delivery token; without it the site shows the demo content",
  }),
  secret("STORYBLOK_WEBHOOK_SECRET", productionOnly, {
    de: "Geheimnis des Storyblok-Webhooks: ohne es werden Veröffentlichungen erst spät sichtbar",
    en: "secret of the Storyblok webhook: without it publishes show late",
  }),
  secret("STORYBLOK_PREVIEW_TOKEN", both("recommended"), {
    de: "Vorschau-Token für den Visual Editor (Entwürfe)",
    en: "preview token for the visual editor (drafts)",
  }),
  secret("LEAD_IP_HASH_SECRET", both("required"), {
    de: "Schlüssel der IP-Prüfsummen im Anfrage-Limit (der eingebaute steht im Quellcode)",
    en: "key of the IP hashes of the lead rate limit (the built-in one is public in the code)",
  }),
  {
    name: "CRM_WEBHOOK_URL + CRM_WEBHOOK_SECRET | HUBSPOT_*",
    need: productionOnly,
    readsSecrets: true,
    what: {
      de: "wohin Anfragen zugestellt werden; ohne CRM bleiben sie nur in D1 liegen",
      en: "where leads are delivered; without a CRM they are only kept in D1",
    },
    fix: (env) =>
      `${secretFix("CRM_WEBHOOK_URL", env)} && ${secretFix("CRM_WEBHOOK_SECRET", env)}  (or HUBSPOT_PORTAL_ID, HUBSPOT_FORM_GUID, HUBSPOT_ACCESS_TOKEN)`,
    problem: (context) => {
      const webhook = has(context, "CRM_WEBHOOK_URL") && has(context, "CRM_WEBHOOK_SECRET");
      const hubspot = has(context, "HUBSPOT_PORTAL_ID") && has(context, "HUBSPOT_FORM_GUID") && has(context, "HUBSPOT_ACCESS_TOKEN");
      return webhook || hubspot ? null : MISSING;
    },
  },
  {
    name: "TURNSTILE_SITE_KEY + TURNSTILE_SECRET_KEY",
    need: productionOnly,
    readsSecrets: true,
    what: { de: "Schutz der Formulare vor Bots (Cloudflare Turnstile)", en: "bot protection of the forms (Cloudflare Turnstile)" },
    fix: (env) => `${varFix("TURNSTILE_SITE_KEY", env, "0x…")} && ${secretFix("TURNSTILE_SECRET_KEY", env)}`,
    problem: (context) => (has(context, "TURNSTILE_SITE_KEY") && has(context, "TURNSTILE_SECRET_KEY") ? null : MISSING),
  },
  {
    name: "MOBILEDE_CUSTOMERS + MOBILEDE_USER + MOBILEDE_PASSWORD | STOCK_ADMIN_TOKEN",
    need: both("recommended"),
    readsSecrets: true,
    what: {
      de: "woher der Fahrzeugbestand kommt: mobile.de-Abgleich alle 15 Minuten oder DMS-Export über /admin/stock (beides braucht Workers Paid: ein Import kostet rund 0,5 s CPU, der Free-Plan bricht nach 10 ms ab); ohne beides nur, was per npm run stock importiert wird",
      en: "where the stock comes from: the mobile.de sync every 15 minutes or DMS exports pushed to /admin/stock (both need Workers Paid: an import takes about 0.5 s of CPU, the free plan stops at 10 ms); without either only what npm run stock imports",
    },
    fix: (env) =>
      `${varFix("MOBILEDE_CUSTOMERS", env, '{"4711001":"center-goslar"}')} && ${varFix("MOBILEDE_USER", env, "…")} && ${secretFix("MOBILEDE_PASSWORD", env)}  (or ${secretFix("STOCK_ADMIN_TOKEN", env)})`,
    problem: (context) => {
      const mobile = has(context, "MOBILEDE_CUSTOMERS") && has(context, "MOBILEDE_USER") && has(context, "MOBILEDE_PASSWORD");
      return mobile || has(context, "STOCK_ADMIN_TOKEN") ? null : MISSING;
    },
  },
  secret("SENTRY_DSN", both("recommended"), { de: "Fehlermeldungen des Workers an Sentry", en: "worker error reports to Sentry" }),
  vendorScript("APPOINTMENTS_SCRIPT_URL", { de: "Skript des Terminbuchungs-Widgets", en: "booking widget script" }),
  vendorScript("CHAT_SCRIPT_URL", { de: "Skript des Autochats", en: "autochat script" }),
  vendorScript("TAG_MANAGER_SCRIPT_URL", { de: "Skript des Tag Managers", en: "tag manager script" }),
  {
    name: "PUBLIC_MOCK_DATA",
    need: productionOnly,
    what: { de: "Demo-Daten-Modus", en: "demo data mode" },
    fix: (env) => varFix("PUBLIC_MOCK_DATA", env, "false"),
    problem: (context) =>
      varText(context, "PUBLIC_MOCK_DATA") === "true"
        ? { de: "ist eingeschaltet (zeigt Demo-Daten)", en: "is on (shows demo data)" }
        : null,
  },
];

/** Every requirement's state for `env`; `secrets` null when they could not be read. */
export function diagnose(env: DeployEnvironment, config: EnvironmentConfig, secrets: ReadonlySet<string> | null): Finding[] {
  const context: Context = { env, config, secrets: secrets ?? new Set() };
  return REQUIREMENTS.map((requirement) => {
    const problem = requirement.problem(context);
    const unchecked = problem !== null && secrets === null && requirement.readsSecrets === true;
    return {
      name: requirement.name,
      need: requirement.need[env],
      problem: unchecked ? UNCHECKED : problem,
      ...(unchecked && { unchecked: true as const }),
      what: requirement.what,
      fix: requirement.fix(env),
    };
  });
}

/**
 * The report an operator reads, and its verdict: ready (nothing required missing), missing
 * (something required is), or unchecked (nothing required is known to be missing, but required
 * secrets could not be read).
 */
export function report(
  env: DeployEnvironment,
  worker: string,
  findings: readonly Finding[],
): { text: string; ready: boolean; verdict: "ready" | "missing" | "unchecked" } {
  const lines = [`Umgebung / environment "${env}" (Worker ${worker}):`];
  for (const finding of findings) {
    const mark = finding.problem === null ? "✓" : finding.unchecked ? "?" : finding.need === "required" ? "✗" : "!";
    if (finding.problem === null) {
      lines.push(`${mark} ${finding.name}`);
      continue;
    }
    const need = finding.need === "required" ? { de: "nötig", en: "required" } : { de: "empfohlen", en: "recommended" };
    lines.push(
      `${mark} ${finding.name} ${finding.problem.de} (${need.de}: ${finding.what.de})`,
      `  ${finding.name} ${finding.problem.en} (${need.en}: ${finding.what.en})`,
      `  → ${finding.fix}`,
    );
  }
  const open = (need: Need, unchecked: boolean) =>
    findings.filter((finding) => finding.problem !== null && finding.need === need && (finding.unchecked === true) === unchecked).length;
  const missing = open("required", false);
  const unchecked = open("required", true);
  const advised = open("recommended", false) + open("recommended", true);
  const verdict = missing > 0 ? "missing" : unchecked > 0 ? "unchecked" : "ready";
  lines.push(
    verdict === "ready"
      ? `Bereit: nichts Nötiges fehlt (${advised} Empfehlungen offen). / Ready: nothing required is missing (${advised} recommendations open).`
      : verdict === "missing"
        ? `Nicht bereit: ${missing} nötige Angaben fehlen. / Not ready: ${missing} required items are missing.`
        : `Nicht geprüft: ${unchecked} nötige Angaben hängen an Secrets, die sich nicht lesen ließen. / Not checked: ${unchecked} required items depend on secrets that could not be read.`,
  );
  return { text: lines.join("\n"), ready: verdict === "ready", verdict };
}
