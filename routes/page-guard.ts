import type { LoaderFunctionArgs } from "react-router";
import { requestFlagsContext } from "./ports.ts";
import { pageNotFound } from "./route-errors.ts";

/**
 * Loader of the pathless layout route that holds every page: a legacy table entry
 * without target answers the page-not-found page inside the normal layout (redirect rule 1).
 */
export function pageGuardLoader({ request, context }: LoaderFunctionArgs): null {
  if (context.get(requestFlagsContext).legacyGone) pageNotFound(request);
  return null;
}
