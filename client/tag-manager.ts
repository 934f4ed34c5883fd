import { isGranted, type ConsentState } from "#domain/consent.ts";
import type { ExternalServices } from "#domain/site-config.ts";
import { whenIdle } from "#ui/when-idle.ts";
import { whenActivated } from "#ui/when-activated.ts";

/**
 * The tag manager (ADR 0022): the vm_* events in `window.dataLayer` and the
 * global data object `window.vmData` (ui/analytics/analytics.ts) are read by the tag manager
 * container the site config's `tagManagerId` names. It loads only when a container and a script are
 * configured and the visitor had granted "Statistiken" when the page loaded — the page's CSP
 * names its script and collect origins only then (worker/middleware/security-headers.ts); a grant
 * later in the page counts from the next page. It loads at the first idle period, after
 * hydration, so no page's first load waits for it, and in a prerendered page not before the visitor
 * opens it (ADR 0043): the events the page pushed meanwhile wait in `dataLayer` and count then.
 * Both entries call this once per document.
 *
 * @example
 * startTagManager(root.services.tagManager, root.settings.config.tagManagerId, root.consent);
 * // → <script async src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC123"> after idle
 */

let started = false;

/** The script URL with the container id (`?id=`), or null when nothing may load. */
export function tagManagerScriptSrc(
  config: ExternalServices["tagManager"] | null | undefined,
  containerId: string | null | undefined,
  consent: ConsentState,
): string | null {
  if (!config || !containerId || !isGranted(consent, "statistics")) return null;
  const url = new URL(config.scriptUrl, "https://site.invalid");
  url.searchParams.set("id", containerId);
  return config.scriptUrl.startsWith("/") ? `${url.pathname}${url.search}` : url.href;
}

export function startTagManager(
  config: ExternalServices["tagManager"] | null | undefined,
  containerId: string | null | undefined,
  consent: ConsentState,
): void {
  const src = tagManagerScriptSrc(config, containerId, consent);
  if (!src || started) return;
  started = true;
  void whenIdle()
    .then(() => whenActivated())
    .then(() => {
      // The tag manager's own start marker (what its snippet pushes before loading the container).
      window.dataLayer ??= [];
      window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
      const script = document.createElement("script");
      script.async = true;
      script.src = src;
      script.dataset.externalService = "tag-manager";
      document.head.appendChild(script);
    });
}
