import type { MiddlewareHandler } from "hono";
import { normalizeRedirectKey } from "#redirects/normalize-path.ts";
import { resolveLegacyRedirect, resolveTrailingSlashRedirect } from "#redirects/match-redirect.ts";
import { VehicleParamSchema } from "#domain/route-params.ts";
import { vehiclePath } from "#domain/site-paths.ts";
import { SEGMENTS } from "#domain/url-segments.ts";
import type { AppEnv } from "../env.ts";
import { findLegacyRedirect } from "../adapters/kv-redirect-store.ts";
import { failOpen } from "../adapters/dependency-failures.ts";
import { createServerPorts } from "../adapters/server-ports.ts";

/** A vehicle detail path: /carfinder/{id}-1-{slug} or /{brand}/carfinder/{id}-1-{slug}. */
const VEHICLE_PATH = new RegExp(`^(?:/([a-z0-9-]+))?/${SEGMENTS.carfinder}/([^/]+)$`);

/**
 * A legacy target that names a vehicle by an older slug would take a second 301 (the vehicle page
 * sends an outdated slug on to the current one): the visitor is sent to the current path at once.
 * The slug changes with the stock, after the table was written, so this is decided per request,
 * only for targets that are vehicle pages (one D1 read, kept per isolate). D1 failing, a sold or
 * unknown vehicle, or another brand: the target as written, and the vehicle page decides.
 */
async function currentVehicleLocation(env: Env, location: string, report: (error: Error) => void): Promise<string> {
  if (!location.startsWith("/")) return location;
  const url = new URL(location, "https://site.invalid");
  const match = VEHICLE_PATH.exec(url.pathname);
  const param = match ? VehicleParamSchema.safeParse(match[2]) : null;
  if (!match || !param?.success) return location;
  const brand = match[1] ?? null;
  const vehicle = await failOpen("D1: legacy vehicle target", () => createServerPorts(env).vehicles.getById(param.data.id), null, report);
  if (!vehicle || vehicle.slug === param.data.slug || (brand !== null && vehicle.brand !== brand)) return location;
  return `${vehiclePath(vehicle, brand)}${url.search}${url.hash}`;
}

/**
 * Redirect rules 1 and 2 of the spec, in order: (1) the legacy table in KV, (2) a trailing
 * slash. Rule 3, the dynamic lookup, runs in the content catch-all route's loader.
 * Only GET and HEAD are redirected.
 */
export function redirects(): MiddlewareHandler<AppEnv> {
  return async function redirectsMiddleware(c, next) {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const url = new URL(c.req.url);
    const key = normalizeRedirectKey(url.pathname);
    if (key !== null) {
      // KV down: no legacy redirect, the page renders (reported once a minute, adapters/dependency-failures.ts).
      const entry = await failOpen(
        "KV: legacy redirects",
        () => findLegacyRedirect(c.env.REDIRECTS, key, { keepIndexInIsolate: c.get("vars").ENVIRONMENT !== "development" }),
        null,
        (error) => c.get("sentry").captureException(error),
      );
      if (entry) {
        const resolution = resolveLegacyRedirect(entry, url);
        if (resolution.kind === "not-found") {
          // Answered 404 as it is: a trailing slash is not redirected away first (one answer, not 301 then 404).
          c.set("legacyGone", true);
          return next();
        }
        return new Response(null, {
          status: resolution.status,
          headers: {
            Location: await currentVehicleLocation(c.env, resolution.location, (error) => c.get("sentry").captureException(error)),
            "Cache-Control": "public, max-age=300",
          },
        });
      }
    }
    const slash = resolveTrailingSlashRedirect(url);
    if (slash) return new Response(null, { status: slash.status, headers: { Location: slash.location } });
    return next();
  };
}
