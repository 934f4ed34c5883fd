import { isGranted, type ConsentState } from "#domain/consent.ts";
import type { BrowserErrorReporting } from "#domain/site-config.ts";
import { whenIdle } from "#ui/when-idle.ts";

/**
 * Browser error reporting, started by both entries: only when a browser DSN is
 * configured and the visitor had granted "Statistiken" when the page loaded (the page's CSP lets
 * the DSN's host be reached only then; a grant later in the page counts from the next page). The
 * SDK (@sentry/browser with session replay, ~80 KB) loads in its own chunk at the first idle
 * period, so no page's first load carries it.
 */
export function startErrorReporting(config: BrowserErrorReporting | null | undefined, consent: ConsentState, release?: string): void {
  if (!config || !isGranted(consent, "statistics")) return;
  void whenIdle()
    .then(() => import("./sentry-browser.ts"))
    .then((sdk) => sdk.startSentry(config, release))
    .catch(() => undefined);
}
