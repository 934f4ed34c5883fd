import { isRouteErrorResponse, type StaticHandlerContext } from "react-router";

/**
 * The bootstrap script that hands loader data to createBrowserRouter, in the format
 * react-router's own StaticRouterProvider writes (window.__staticRouterHydrationData).
 * We write it ourselves because the root route renders the whole <html> document, so
 * the provider's sibling <script> would land outside <html>. Unexpected errors are
 * sanitised in production: their messages may hold internals.
 */
export function hydrationScript(context: StaticHandlerContext, exposeErrors: boolean): string {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([routeId, error]) => {
          if (isRouteErrorResponse(error)) return [routeId, { ...error, __type: "RouteErrorResponse" }];
          const message = exposeErrors && error instanceof Error ? error.message : "Unexpected Server Error";
          return [routeId, { message, __type: "Error" }];
        }),
      )
    : null;
  const data = { loaderData: context.loaderData, actionData: context.actionData, errors };
  // JSON inside JSON.parse: fast to parse, and `<` is escaped so no "</script>" can close the tag.
  const json = JSON.stringify(JSON.stringify(data))
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `window.__staticRouterHydrationData=JSON.parse(${json});`;
}
