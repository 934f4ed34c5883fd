import { data } from "react-router";
import type { z } from "zod";
import type { ErrorKind, ExpectedError } from "#domain/error-catalogue.ts";
import { isBrandKey, type BrandKey } from "#domain/brands.ts";
import type { SiteSettings } from "#domain/site-settings.ts";

/**
 * Expected errors are thrown as typed responses (STYLE.md habit 6) and rendered by the
 * page error boundary; they are never reported to Sentry.
 */
export function expectedError(kind: ErrorKind, message: string, status = 404): never {
  const payload: ExpectedError = { kind, message };
  throw data(payload, { status, statusText: message });
}

function fullPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Route validity check failed (spec section 2): fatal 404 'Page Not Found: {full path}'. */
export function routeValidityFailed(request: Request): never {
  return expectedError("page-not-found", `Page Not Found: ${fullPath(request)}`);
}

/** Nothing answers this path (spec section 8): 404 'Page not found: {path}'. */
export function pageNotFound(request: Request): never {
  return expectedError("page-not-found", `Page not found: ${new URL(request.url).pathname}`);
}

/**
 * A brand path segment of a brand the site carries (site settings `config.brands`), or 404
 * brand-not-found (spec section 8: 'Laden der Herstellerinformationen zur Marke ist fehlgeschlagen.').
 */
export function requireBrand(value: string, settings: SiteSettings): BrandKey {
  if (isBrandKey(value) && settings.config.brands.includes(value)) return value;
  return expectedError("brand-not-found", `Brand not found: ${value.slice(0, 80)}`);
}

/**
 * The page's data source failed (D1, the content source): a German notice with 503 and
 * Retry-After instead of a 500; the worker reports the cause once a minute (render-page.tsx).
 */
export async function orUnavailable<T>(read: Promise<T>, what: string): Promise<T> {
  try {
    return await read;
  } catch {
    return expectedError("temporarily-unavailable", `${what} unavailable`, 503);
  }
}

/** Parse a route param with its schema or raise the fatal validity 404. */
export function requireParam<S extends z.ZodType>(schema: S, value: string | undefined, request: Request): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) routeValidityFailed(request);
  return result.data;
}
