import { useRouteLoaderData } from "react-router";
import type { ExternalServices } from "#domain/site-config.ts";

/**
 * The public booking and chat settings from the root loader's data (worker/env.ts →
 * routes/document-root.tsx). Read here instead of a context so nothing is added to the first load;
 * null only outside the app's router (tests rendering a block alone).
 */
export function useExternalServices(): ExternalServices | null {
  const root = useRouteLoaderData("root") as { services?: ExternalServices } | undefined;
  return root?.services ?? null;
}
