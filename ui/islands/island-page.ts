import type { ConsentState } from "#domain/consent.ts";
import type { ExternalServices } from "#domain/site-config.ts";
import type { SiteSettings } from "#domain/site-settings.ts";

/**
 * What the worker writes into an editorial page for its islands (ADR 0017), as
 * `window.__agnPage = {…}` in the script before the entry: the consent state the document was
 * rendered with (the islands start from it, as the app starts from the root loader's) and the
 * external services' public settings and the site settings (domain/site-settings.ts).
 */
export interface IslandPageData {
  consent: ConsentState;
  services: ExternalServices;
  settings: SiteSettings;
}

export const ISLAND_PAGE_GLOBAL = "__agnPage";

/** The inline script's body; `<` is escaped so no value can close the script element. */
export function islandPageScript(data: IslandPageData): string {
  return `window.${ISLAND_PAGE_GLOBAL}=${JSON.stringify(data).replace(/</g, "\\u003c")};`;
}
