import type { Context } from "hono";
import type { StaticHandlerContext } from "react-router";
import type { AppEnv } from "../env.ts";
import { reportDependencyFailure } from "../adapters/dependency-failures.ts";
import { staticErrorPage } from "./static-error-page.ts";

/** A loader's "data source down" answer (routes/route-errors.ts orUnavailable, the content loader). */
export function isUnavailableError(error: unknown): boolean {
  return (error as { data?: { kind?: unknown } } | null)?.data?.kind === "temporarily-unavailable";
}

/** The kind a page's data failure is reported under: its first path segment. */
export function pageDataOf(url: URL): string {
  return `page data (${url.pathname.split("/")[1] || "home"})`;
}

/**
 * What a bot gets for a page whose loaders failed: only the status with a minimal body (spec
 * section 2: "For bots the error page is not shown").
 */
export function botErrorPage(context: StaticHandlerContext, errors: Record<string, unknown>): Response {
  const [error] = Object.values(errors);
  return staticErrorPage(
    context.statusCode === 404 ? "page-not-found" : "something-went-wrong",
    context.statusCode,
    String((error as { statusText?: string })?.statusText ?? "Error"),
    true,
  );
}

/**
 * Reports a page's server errors (5xx) once each, with the request id: a data source down (the
 * maintenance notice) goes to the dependency-failure report, once a minute, not per request.
 */
export function reportLoaderErrors(c: Context<AppEnv>, url: URL, context: StaticHandlerContext): void {
  if (!context.errors || context.statusCode < 500) return;
  for (const error of Object.values(context.errors)) {
    if (isUnavailableError(error)) {
      reportDependencyFailure(pageDataOf(url), (error as { statusText?: string }).statusText ?? "unavailable", (report) =>
        c.get("sentry").captureException(report),
      );
      continue;
    }
    c.get("sentry").captureException(error);
    console.error(`[${c.get("requestId")}] loader error`, error);
  }
}
