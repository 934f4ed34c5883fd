import * as z from "zod";

/**
 * A small client of Storyblok's Management API (https://mapi.storyblok.com/v1, docs "Management
 * API"): one request at a time, throttled to the plan's rate limit, 429 answers retried after
 * Retry-After (or a doubling backoff), lists paginated through the `total` header, answers parsed
 * with zod. The clock is injected, so tests run the throttle and the backoff without waiting.
 *
 * @example
 * const api = managementApi({ baseUrl: DEFAULT_MANAGEMENT_API, token, spaceId: 123 });
 * const components = await api.list("components", "components", RemoteComponentSchema);
 */

/** EU region, Storyblok's default; other regions: docs/storyblok-space.md. */
export const DEFAULT_MANAGEMENT_API = "https://mapi.storyblok.com/v1";

/** Management API calls per second on the Starter plan (Growth and above: 6; docs "Rate Limit"). */
export const DEFAULT_RATE_PER_SECOND = 3;
export const MAX_RETRIES = 5;
/** The largest page Storyblok serves (docs "Pagination"). */
export const MAX_PAGE_SIZE = 100;

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface ManagementApiOptions {
  baseUrl: string;
  token: string;
  spaceId: number;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  clock?: Clock;
  ratePerSecond?: number;
  maxRetries?: number;
  pageSize?: number;
  /** Told about every wait for a 429 (the CLI prints it). */
  onRetry?: (notice: { status: number; waitMs: number; attempt: number; path: string }) => void;
}

/** A non-2xx answer: its status and Storyblok's error body (validation messages for 422). */
export class ManagementApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly path: string;
  constructor(status: number, body: unknown, method: string, path: string, message?: string) {
    super(message ?? `${method} ${path} answered ${status}: ${errorText(body)}`);
    this.status = status;
    this.body = body;
    this.path = path;
  }
}

/** Storyblok's error bodies: `{ "name": ["has already been taken"] }`, `["…"]`, `{ "error": "…" }` or text. */
export function errorText(body: unknown): string {
  if (typeof body === "string") return body.trim().slice(0, 300) || "(no body)";
  if (Array.isArray(body)) return body.map(String).join("; ");
  if (typeof body === "object" && body !== null) {
    return Object.entries(body)
      .map(([key, value]) =>
        key === "error" || key === "message" ? String(value) : `${key}: ${Array.isArray(value) ? value.join(", ") : String(value)}`,
      )
      .join("; ");
  }
  return "(no body)";
}

// ---- what the API answers (only what the scripts read; the rest passes through) -----------------

export const RemoteFieldSchema = z.looseObject({ type: z.string() });
export const RemoteComponentSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string().nullish(),
  is_root: z.boolean().nullish(),
  is_nestable: z.boolean().nullish(),
  preview_field: z.string().nullish(),
  schema: z
    .record(z.string(), RemoteFieldSchema)
    .nullish()
    .transform((schema) => schema ?? {}),
});
export type RemoteComponent = z.infer<typeof RemoteComponentSchema>;

export const RemoteStorySchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  parent_id: z.number().int().nullish(),
  is_folder: z.boolean().nullish(),
  is_startpage: z.boolean().nullish(),
  content: z.looseObject({ component: z.string() }).nullish(),
});
export type RemoteStory = z.infer<typeof RemoteStorySchema>;

export const SpaceResponseSchema = z.object({ space: z.looseObject({ id: z.number().int(), name: z.string() }) });
export const ComponentResponseSchema = z.object({ component: RemoteComponentSchema });
export const StoryResponseSchema = z.object({ story: RemoteStorySchema });

// ---- the client ---------------------------------------------------------------------------------

export interface ManagementApi {
  readonly spaceId: number;
  /** `path` below `spaces/{id}/` ("" for the space itself); throws ManagementApiError for non-2xx. */
  request<T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, schema: z.ZodType<T>, body?: unknown): Promise<T>;
  /** Every item of a paginated list (`key` names the array in each page). */
  list<T>(path: string, key: string, itemSchema: z.ZodType<T>, query?: Record<string, string>): Promise<T[]>;
}

export function managementApi(options: ManagementApiOptions): ManagementApi {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const clock = options.clock ?? realClock;
  const maxRetries = options.maxRetries ?? MAX_RETRIES;
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  // Whole milliseconds: three calls spaced 333.33… ms apart may land inside one second's window.
  const interval = Math.ceil(1_000 / (options.ratePerSecond ?? DEFAULT_RATE_PER_SECOND));
  const base = `${options.baseUrl.replace(/\/+$/, "")}/spaces/${options.spaceId}`;
  let nextSlot = 0;

  async function throttle(): Promise<void> {
    const wait = nextSlot - clock.now();
    if (wait > 0) await clock.sleep(wait);
    nextSlot = Math.max(clock.now(), nextSlot) + interval;
  }

  async function send(method: string, path: string, body: unknown): Promise<{ response: Response; json: unknown }> {
    const url = path ? `${base}/${path}` : base;
    for (let attempt = 0; ; attempt += 1) {
      await throttle();
      const response = await fetchImpl(url, {
        method,
        headers: {
          Authorization: options.token,
          Accept: "application/json",
          ...(body !== undefined && { "Content-Type": "application/json" }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      const json = parseJson(text);
      if (response.status === 429 && attempt < maxRetries) {
        const waitMs = retryAfterMs(response.headers.get("retry-after"), clock.now()) ?? 1_000 * 2 ** attempt;
        options.onRetry?.({ status: 429, waitMs, attempt: attempt + 1, path: `spaces/${options.spaceId}/${path}` });
        await clock.sleep(waitMs);
        continue;
      }
      if (!response.ok) throw apiError(response.status, json, method, path, options.spaceId, attempt);
      return { response, json };
    }
  }

  return {
    spaceId: options.spaceId,

    async request(method, path, schema, body) {
      const { json } = await send(method, path, body);
      return parsed(schema, json, `${method} ${path || "space"}`);
    },

    async list(path, key, itemSchema, query = {}) {
      const pageSchema = z.object({ [key]: z.array(itemSchema) });
      const items: Array<z.infer<typeof itemSchema>> = [];
      for (let page = 1; page <= 10_000; page += 1) {
        const search = new URLSearchParams({ ...query, per_page: String(pageSize), page: String(page) });
        const { response, json } = await send("GET", `${path}?${search}`, undefined);
        const batch = parsed(pageSchema, json, `GET ${path}`)[key] as Array<z.infer<typeof itemSchema>>;
        items.push(...batch);
        const total = Number(response.headers.get("total"));
        // Without a total the endpoint is not paginated (components: "not paginated" in older docs).
        if (!Number.isFinite(total) || response.headers.get("total") === null || batch.length === 0 || items.length >= total) break;
      }
      return items;
    },
  };
}

function parseJson(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function parsed<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `Storyblok-Antwort auf ${what} hat eine unerwartete Form / Storyblok's answer to ${what} is not what the Management API documents: ${issue?.path.join(".")} ${issue?.message}`,
    );
  }
  return result.data;
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 section 10.2.3). */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1_000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** 401 and 404 say what an operator can fix, in German and English like the other ops scripts. */
function apiError(status: number, body: unknown, method: string, path: string, spaceId: number, retries: number): ManagementApiError {
  if (status === 401)
    return new ManagementApiError(
      status,
      body,
      method,
      path,
      "Storyblok lehnt das Token ab (401): STORYBLOK_MANAGEMENT_TOKEN ist kein gültiges Personal Access Token (oder gehört zu einer anderen Region, --api).\n" +
        "Storyblok refused the token (401): STORYBLOK_MANAGEMENT_TOKEN is not a valid personal access token (or belongs to another region, --api).",
    );
  if (status === 404 && (path === "" || !path.includes("/")))
    return new ManagementApiError(
      status,
      body,
      method,
      path,
      `Space ${spaceId} nicht gefunden (404): falsche Space-ID, andere Region (--api) oder kein Zugriff mit diesem Token.\n` +
        `Space ${spaceId} not found (404): wrong space id, another region (--api), or the token has no access to it.`,
    );
  if (status === 429)
    return new ManagementApiError(
      status,
      body,
      method,
      path,
      `Storyblok drosselt weiter (429) nach ${retries} Wiederholungen; später erneut versuchen oder --rate senken.\n` +
        `Storyblok still rate-limits (429) after ${retries} retries; try again later or lower --rate.`,
    );
  return new ManagementApiError(status, body, method, path);
}
