import * as z from "zod";
import type { ConsentPurpose } from "#domain/consent.ts";
import type { ExternalServices } from "#domain/site-config.ts";

/**
 * A third-party script URL: https, or a path of our own site (the local stand-ins under
 * /demo/); "" means not configured. Anything else (http:, protocol-relative, credentials) fails
 * loudly: the URL ends up in a script element on every page that uses it.
 */
const ScriptUrlSchema = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\/(?!\/)[^\s\\]*$/.test(value) || isHttpsUrl(value), "an https URL, a path starting with / or empty")
  .transform((value) => (value === "" ? null : value));

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * An address that may stand in a mail header as it is: ASCII, no spaces, quotes, brackets or
 * control characters (worker/leads/mail-mime.ts uses the same rule for every address it writes).
 */
export const MAIL_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const isMailAddress = (value: string): boolean => value.length <= 254 && MAIL_ADDRESS.test(value);

/** A public setting passed on verbatim (query parameter or name shown to visitors). */
const publicText = (fallback: string) => z.string().trim().min(1).max(200).default(fallback);

/**
 * Plain-text vars and secrets, parsed once per isolate per env object (STYLE.md habit 4).
 * A bad value fails loudly, naming the field. Bindings (KV, D1, ASSETS) are typed by
 * `wrangler types` in worker-configuration.d.ts.
 */
export const EnvVarsSchema = z
  .object({
    // Production semantics unless a run opts out (wrangler.toml; local scripts pass development). Unset
    // means production too, but error reporting then stays off (spec section 9: only when DSN and
    // environment are configured): see `environmentConfigured` below.
    ENVIRONMENT: z.enum(["development", "test", "preview", "production"]).optional(),
    /**
     * The spec's public mock setting: exactly "true" serves the embedded demo data even with a
     * Storyblok token and warns in the worker's and the browser's console (any other value: off).
     */
    PUBLIC_MOCK_DATA: z.string().optional(),
    /** Public origin for canonical links, JSON-LD and the sitemap; required in production and preview, the request origin only in development and test. */
    SITE_ORIGIN: z.url().optional(),
    CANONICAL_LOWERCASE: z
      .enum(["true", "false"])
      .default("true")
      .transform((value) => value === "true"),
    /** The rendered-HTML cache (ADR 0036): "off" renders every page (an ops switch; the bench's uncached rows). */
    HTML_CACHE: z.enum(["on", "off"]).default("on"),
    /** No DSN = no network: toucan-js sends nothing. */
    SENTRY_DSN: z.url().optional(),
    /**
     * The browser's Sentry DSN (public by design; may equal SENTRY_DSN). Unset = no error reporting in
     * the browser; set = @sentry/browser with session replay, only for visitors who granted
     * "Statistiken" (client/error-reporting/, docs/availability.md "Error reporting").
     */
    SENTRY_BROWSER_DSN: z.url({ protocol: /^https?$/ }).optional(),
    // Storyblok. No token = the embedded demo space from KV (worker/content/demo-space-source.ts).
    /** Content Delivery API access token (public or preview); its presence selects the storyblok source. */
    STORYBLOK_TOKEN: z.string().min(1).optional(),
    /** Only its presence matters: the content client then keeps to 3 requests/s instead of 5 (spec section 9). */
    STORYBLOK_OAUTH_TOKEN: z.string().min(1).optional(),
    /** Preview token of the space: validates the visual editor's _storyblok_tk (worker/content/preview.ts). */
    STORYBLOK_PREVIEW_TOKEN: z.string().min(1).optional(),
    /** Bearer token of /admin/redirects (ADR 0021, secret, at least 32 characters); unset = the endpoint answers 404. */
    REDIRECT_ADMIN_TOKEN: z.string().min(32).optional(),
    /** Days a sold vehicle's page says it is gone before the stock cron deletes it (docs/stock-import.md). */
    STOCK_SOLD_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Bearer token of /admin/stock (secret, at least 32 characters); unset = the endpoint answers 404. */
    STOCK_ADMIN_TOKEN: z.string().min(32).optional(),
    // The mobile.de sync (docs/stock-import.md "mobile.de"), run by the cron trigger when
    // MOBILEDE_CUSTOMERS is set. Checked when a sync starts, not here: a typo in them stops the
    // sync (a failed run says why), never the site.
    MOBILEDE_USER: z.string().optional(),
    /** Secret. */
    MOBILEDE_PASSWORD: z.string().optional(),
    /** JSON: mobile.de customer number → center slug, e.g. {"4711001":"center-goslar"}. */
    MOBILEDE_CUSTOMERS: z.string().optional(),
    /** The Search-API's base; tests and local runs point it at the stand-in. */
    MOBILEDE_BASE_URL: z.string().optional(),
    /** Webhook secret; unset = POST /webhooks/storyblok always answers 401. */
    STORYBLOK_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** API base including the version path; tests point it at the fake Storyblok server. */
    STORYBLOK_API_BASE: z.url().default("https://api.storyblok.com/v2"),
    /** When set, a preview token must name this space. */
    STORYBLOK_SPACE_ID: z.coerce.number().int().positive().optional(),
    /** Per-request timeout of the content client; after it the last good content is served. */
    STORYBLOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2500),
    // Leads (docs/leads.md). No CRM configured = leads are kept in D1 as `held`.
    /** Generic CRM webhook: every lead is POSTed here as JSON, signed with CRM_WEBHOOK_SECRET. */
    CRM_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** HMAC-SHA256 key of the webhook signature (X-Lead-Signature); also signs photo links. */
    CRM_WEBHOOK_SECRET: z.string().min(16).optional(),
    /** HubSpot Forms API v3 (used when the site settings' config.hubspot is true): portal and form of the submission. */
    HUBSPOT_PORTAL_ID: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
    HUBSPOT_FORM_GUID: z
      .string()
      .regex(/^[0-9a-f-]{8,64}$/i)
      .optional(),
    /** Private-app token: selects the authenticated ("secure") submit endpoint. */
    HUBSPOT_ACCESS_TOKEN: z.string().min(1).optional(),
    HUBSPOT_API_BASE: z.url().default("https://api.hsforms.com"),
    /** Cloudflare Turnstile: with a secret every lead needs a valid token (siteverify). */
    TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
    /** Public site key for the widget: with it every lead form renders the Turnstile check (ui/forms/turnstile.ts). */
    TURNSTILE_SITE_KEY: z.string().min(1).optional(),
    /** The widget's script (explicit rendering); a local stand-in path for tests. */
    TURNSTILE_SCRIPT_URL: ScriptUrlSchema.default("https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"),
    TURNSTILE_VERIFY_URL: z.url().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
    /** Leads and their photos older than this are deleted by the cron sweeper. */
    LEAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    /** Per-IP limit: at most LEAD_RATE_LIMIT_MAX leads per LEAD_RATE_LIMIT_WINDOW_SECONDS. */
    LEAD_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(5),
    LEAD_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
    /** Key of the IP hash in the rate-limit table; set a secret in production (docs/leads.md). */
    LEAD_IP_HASH_SECRET: z.string().min(16).default("dealership-lead-rate-limit-default-key"),
    /** Signs the time-limited photo links in CRM payloads; defaults to CRM_WEBHOOK_SECRET. */
    LEAD_FILE_LINK_SECRET: z.string().min(16).optional(),
    /** First retry delay of a failed delivery; doubles per attempt up to one hour. */
    LEAD_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    // Lead e-mails (docs/leads.md "E-mail"): a second channel beside the CRM. Unset sender = off.
    /** Sender of lead e-mails, an address of a domain set up for sending (Email Routing / Email Service, or the provider). */
    LEAD_MAIL_FROM: z
      .string()
      .trim()
      .refine((value) => value === "" || isMailAddress(value), "a plain e-mail address")
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** Display name of the sender. */
    LEAD_MAIL_FROM_NAME: publicText("Website-Anfragen"),
    /** "binding": the send_email binding LEAD_MAIL; "http": a Postmark-style JSON API (LEAD_MAIL_API_URL + LEAD_MAIL_API_TOKEN). */
    LEAD_MAIL_TRANSPORT: z.enum(["binding", "http"]).default("binding"),
    LEAD_MAIL_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.postmarkapp.com/email"),
    /** Secret: the provider's server token (X-Postmark-Server-Token). */
    LEAD_MAIL_API_TOKEN: z.string().min(1).optional(),
    /** The group's address for leads without a center, or whose center has no address. */
    LEAD_MAIL_FALLBACK_TO: z
      .string()
      .trim()
      .refine((value) => value === "" || isMailAddress(value), "a plain e-mail address")
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** "on": the visitor gets a confirmation e-mail too (best effort, never holds up the lead). */
    LEAD_MAIL_CONFIRMATION: z.enum(["on", "off"]).default("off"),
    // Booking widget and autochat (ADR 0014). Public: they reach every page through
    // the root loader. The defaults are the local stand-ins in client/public/demo/.
    /** Script of the appointments service's booking widget; "" = booking plugin missing. */
    APPOINTMENTS_SCRIPT_URL: ScriptUrlSchema.default("/demo/appointments-widget.js"),
    /** Query parameter `app` of the widget script (spec section 7). */
    APPOINTMENTS_APP: publicText("agn-website"),
    /** Query parameter `appcode` ("app code", spec section 7). */
    APPOINTMENTS_APP_CODE: publicText("demo"),
    /** Query parameter `settings` (spec section 7). */
    APPOINTMENTS_SETTINGS: publicText("default"),
    /** Who provides the widget, named in the consent placeholder. */
    APPOINTMENTS_PROVIDER_NAME: publicText("Demo-Terminservice"),
    /** Script of the autochat vendor; "" = the chat shows its fallback (phone and e-mail). */
    CHAT_SCRIPT_URL: ScriptUrlSchema.default("/demo/chat-widget.js"),
    /** The site's chat (channel) id at the vendor, query parameter `id`. */
    CHAT_ID: publicText("agn-demo"),
    /** Who provides the chat, named in the consent placeholder. */
    CHAT_PROVIDER_NAME: publicText("Demo-Chat"),
    // The locations map (docs/locations.md). Loaded only with the "maps" consent.
    /**
     * Raster tiles as an XYZ template (https://tile.openstreetmap.org/{z}/{x}/{y}.png); "" = the demo
     * map: country outlines served by the site itself (client/public/maps/), no third party at all.
     */
    MAP_TILE_URL: z
      .string()
      .trim()
      .refine(
        (value) =>
          value === "" ||
          (isHttpsUrl(value.replace(/\{[xyzs]\}/g, "0")) && /\{z\}/.test(value) && /\{x\}/.test(value) && /\{y\}/.test(value)),
        "an https URL template with {z}, {x} and {y}, or empty",
      )
      .default("")
      .transform((value) => (value === "" ? null : value)),
    // The tag manager: loaded with the site config's tagManagerId, only with "Statistiken".
    /** Its script; the container id is appended as `?id={tagManagerId}`. "" = no tag manager. The default is the local stand-in. */
    TAG_MANAGER_SCRIPT_URL: ScriptUrlSchema.default("/demo/tag-manager.js"),
    /**
     * Where the tag manager and the tags it loads send data (connect-src, besides the script's own
     * origin), space-separated https origins; a leading "*." allows the subdomains (CSP host syntax).
     */
    TAG_MANAGER_CONNECT_ORIGINS: z
      .string()
      .trim()
      .default("")
      .transform((value) => value.split(/\s+/).filter(Boolean))
      .pipe(z.array(z.string().regex(/^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/, "https origins only")).max(20)),
    /** Shown in the map's corner, as the tile provider's licence requires. */
    MAP_ATTRIBUTION: publicText("Kartengrundlage: Natural Earth (gemeinfrei)"),
    /** Who provides the map, named in the consent placeholder. */
    MAP_PROVIDER_NAME: publicText("Demo-Karte"),
  })
  .superRefine((vars, context) => {
    // The Host header must never reach canonical links, JSON-LD or the sitemap: a
    // production or preview deployment names its public origin, or it does not start.
    const environment = vars.ENVIRONMENT ?? "production";
    if ((environment === "production" || environment === "preview") && !vars.SITE_ORIGIN) {
      context.addIssue({ code: "custom", path: ["SITE_ORIGIN"], message: "required in production and preview" });
    }
    if (vars.LEAD_MAIL_FROM && vars.LEAD_MAIL_TRANSPORT === "http" && !vars.LEAD_MAIL_API_TOKEN) {
      context.addIssue({ code: "custom", path: ["LEAD_MAIL_API_TOKEN"], message: "required with LEAD_MAIL_TRANSPORT=http" });
    }
  })
  .transform(({ ENVIRONMENT, PUBLIC_MOCK_DATA, ...vars }) => ({
    ...vars,
    ENVIRONMENT: ENVIRONMENT ?? "production",
    /** The ENVIRONMENT var was given: error reporting (worker and browser) needs it besides a DSN. */
    environmentConfigured: ENVIRONMENT !== undefined,
    /** PUBLIC_MOCK_DATA === "true" (spec section 9). */
    mockData: PUBLIC_MOCK_DATA === "true",
  }));
export type EnvVars = z.output<typeof EnvVarsSchema>;

const parsed = new WeakMap<object, EnvVars>();

export function readEnvVars(env: Env): EnvVars {
  const cached = parsed.get(env);
  if (cached) return cached;
  const result = EnvVarsSchema.safeParse(env);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new Error(`Invalid worker environment: ${fields}`);
  }
  parsed.set(env, result.data);
  return result.data;
}

/** The public service settings the browser gets (root loader data). */
export function externalServices(vars: EnvVars): ExternalServices {
  return {
    appointments: {
      scriptUrl: vars.APPOINTMENTS_SCRIPT_URL,
      app: vars.APPOINTMENTS_APP,
      appCode: vars.APPOINTMENTS_APP_CODE,
      settings: vars.APPOINTMENTS_SETTINGS,
      providerName: vars.APPOINTMENTS_PROVIDER_NAME,
    },
    chat: { scriptUrl: vars.CHAT_SCRIPT_URL, chatId: vars.CHAT_ID, providerName: vars.CHAT_PROVIDER_NAME },
    maps: { tileUrl: vars.MAP_TILE_URL, attribution: vars.MAP_ATTRIBUTION, providerName: vars.MAP_PROVIDER_NAME },
    turnstile:
      vars.TURNSTILE_SITE_KEY && vars.TURNSTILE_SCRIPT_URL
        ? { siteKey: vars.TURNSTILE_SITE_KEY, scriptUrl: vars.TURNSTILE_SCRIPT_URL }
        : null,
    errorReporting:
      vars.SENTRY_BROWSER_DSN && vars.environmentConfigured ? { dsn: vars.SENTRY_BROWSER_DSN, environment: vars.ENVIRONMENT } : null,
    mockData: vars.mockData,
    tagManager: vars.TAG_MANAGER_SCRIPT_URL ? { scriptUrl: vars.TAG_MANAGER_SCRIPT_URL } : null,
  };
}

/**
 * Origin of the Turnstile widget when a site key is set: script-src and frame-src on every page,
 * without a consent purpose — the check protects the forms (strictly necessary, § 25 (2) TDDDG)
 * and sets no cookie (ADR 0013).
 */
export function turnstileOrigins(vars: EnvVars): string[] {
  const url = vars.TURNSTILE_SITE_KEY ? vars.TURNSTILE_SCRIPT_URL : null;
  return url && !url.startsWith("/") ? [new URL(url).origin] : [];
}

/** Origins of the configured third-party scripts per consent purpose (CSP, domain/consent-purposes.ts); same-origin paths have none. */
export function serviceOrigins(vars: EnvVars): Map<ConsentPurpose, string[]> {
  const originOf = (url: string | null) => (url && !url.startsWith("/") ? [new URL(url).origin] : []);
  return new Map<ConsentPurpose, string[]>([
    ["booking", originOf(vars.APPOINTMENTS_SCRIPT_URL)],
    ["chat", originOf(vars.CHAT_SCRIPT_URL)],
  ]);
}

/**
 * The tag manager's CSP sources: its script's origin (script-src, connect-src) and the configured
 * collect origins (connect-src) — only when the site config names a container and the visitor had
 * granted "Statistiken" when the page was rendered; a stand-in on our own site needs none.
 */
export function tagManagerSources(
  vars: EnvVars,
  containerId: string | null,
  granted: readonly ConsentPurpose[],
): { script: string[]; connect: string[] } {
  const scriptUrl = vars.TAG_MANAGER_SCRIPT_URL;
  if (!scriptUrl || !containerId || !granted.includes("statistics")) return { script: [], connect: [] };
  const own = scriptUrl.startsWith("/") ? [] : [new URL(scriptUrl).origin];
  return { script: own, connect: [...own, ...vars.TAG_MANAGER_CONNECT_ORIGINS] };
}

/** Where the browser's error reports and replays go (connect-src only, and only with statistics consent). */
export function errorReportingOrigins(vars: EnvVars, granted: readonly ConsentPurpose[]): string[] {
  return vars.SENTRY_BROWSER_DSN && vars.environmentConfigured && granted.includes("statistics")
    ? [new URL(vars.SENTRY_BROWSER_DSN).origin]
    : [];
}

export interface AppVariables {
  requestId: string;
  nonce: string;
  vars: EnvVars;
  sentry: import("./middleware/request-context.ts").ErrorReporter;
  /**
   * Set by the SSR render for a document whose one inline script the CSP allows by its hash
   * ('sha256-…') instead of the nonce (an islands page, ADR 0018).
   */
  scriptHash?: string;
  /** Set by the redirect middleware when the legacy table says the page is gone (no target). */
  legacyGone?: boolean;
  /** Set by the SSR render for a valid Storyblok visual-editor request (worker/content/preview.ts). */
  preview?: boolean;
  /** The site config's tag manager container id, set by the SSR render once the settings are read (its CSP sources). */
  tagManagerId?: string | null;
  /** The visitor's consent cookie, read once per request (worker/middleware/consent-state.ts). */
  consent: import("#domain/consent.ts").ConsentState;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
