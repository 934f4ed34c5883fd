import type { Context } from "hono";
import { consentKey } from "#domain/consent.ts";
import type { AppEnv } from "../env.ts";
import { buildInfo } from "../build-info.ts";
import { reportDependencyFailure } from "../adapters/dependency-failures.ts";
import { htmlCacheUrl, readCachedHtml, storeHtml, withNonce, type HtmlCacheKey } from "./html-cache.ts";
import { htmlHeaders } from "./page-headers.ts";
import { cacheScopeOf } from "./page-cache-key.ts";
import { isUnavailableError, pageDataOf } from "./page-errors.ts";
import { leafHandleOf } from "./page-route.ts";
import { isolateCollection } from "../isolate-state.ts";

/**
 * App pages whose last rendered copy is kept as a fallback for when their data source (D1) is
 * down: served with `X-Html-Cache: stale` instead of the maintenance notice, never otherwise.
 * Refreshed at most every STALE_REFRESH_MS per path and isolate.
 */
const STALE_FALLBACK_MODULES: ReadonlySet<string> = new Set(["routes/vehicle-detail-page.tsx"]);
const STALE_REFRESH_MS = 10 * 60_000;
const STALE_WRITES_LIMIT = 2_000;
/** Per isolate: when each stale copy (by its cache URL) was last written. */
const staleWrites = isolateCollection("stale copy writes", new Map<string, number>());

function shouldKeepStaleCopy(url: string, now = Date.now()): boolean {
  const last = staleWrites.get(url);
  if (last !== undefined && now - last < STALE_REFRESH_MS) return false;
  if (staleWrites.size >= STALE_WRITES_LIMIT) staleWrites.clear();
  staleWrites.set(url, now);
  return true;
}

/**
 * The stale copy's key of a GET of a page that keeps one (not a preview), else null: one copy per
 * path (no query), whatever the content and stock versions.
 */
export function staleKeyFor(c: Context<AppEnv>, request: Request, url: URL, preview: boolean, settings: string): HtmlCacheKey | null {
  if (!STALE_FALLBACK_MODULES.has(leafHandleOf(url.pathname)?.module ?? "") || request.method !== "GET" || preview) return null;
  return {
    ...cacheScopeOf(url, c.get("vars")),
    source: "stale",
    path: url.pathname,
    buildId: buildInfo().buildId,
    cv: 0,
    stockVersion: "any",
    settings,
    consent: consentKey(c.get("consent")),
  };
}

/** Whether a page failed because its data source is down (and nothing else). */
export function isUnavailable(errors: Record<string, unknown> | null): boolean {
  return errors !== null && Object.values(errors).some(isUnavailableError);
}

/** The last copy of the page, with the request's nonce and `X-Html-Cache: stale`; null when there is none. */
export async function staleCopyResponse(c: Context<AppEnv>, request: Request, url: URL, staleKey: HtmlCacheKey): Promise<Response | null> {
  const stale = await readCachedHtml(staleKey).catch(() => null);
  if (stale?.kind !== "nonce") return null;
  reportDependencyFailure(pageDataOf(url), "served the stale copy", (report) => c.get("sentry").captureException(report));
  const headers = htmlHeaders(request, 200);
  headers.set("Cache-Control", "no-store");
  headers.set("X-Html-Cache", "stale");
  return new Response(withNonce(stale.template, c.get("nonce")), { status: 200, headers });
}

/** Keeps `html` as the page's stale copy, in the background, unless this isolate wrote it within STALE_REFRESH_MS. */
export function keepStaleCopy(c: Context<AppEnv>, staleKey: HtmlCacheKey, html: string, nonce: string): void {
  if (shouldKeepStaleCopy(htmlCacheUrl(staleKey))) c.executionCtx.waitUntil(storeHtml(staleKey, html, nonce).catch(() => undefined));
}
