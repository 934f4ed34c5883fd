import { createContext, lazy, Suspense, useContext, type ComponentType } from "react";
import { useSitePage } from "#ui/site-context.tsx";
import { CONSENT_SETTINGS_PATH } from "#domain/consent.ts";
import { useConsentSettingsOpen, useConsentState } from "./consent-store.ts";
import type { ConsentLayer } from "./consent-layer.tsx";

type Layer = ComponentType<{ settingsOpen: boolean }>;

// The layer's code loads only for visitors who see it (undecided, or "Cookie-Einstellungen"
// clicked): decided visitors, most page views, never download it (first-load budget, ADR 0006).
const LazyConsentLayer: Layer = lazy(() => import("./consent-layer.tsx").then((module) => ({ default: module.ConsentLayer })));

/**
 * The worker provides the layer itself, so the server HTML always contains it, on the first render
 * of an isolate too (a lazy component would stream it later, behind a script): the banner is in
 * the first paint and works without JavaScript. In the browser React keeps that HTML and hydrates
 * it once the chunk is there (a suspended boundary is hydrated later, never replaced); until then
 * its forms post to the worker like without JavaScript.
 */
export const ServerConsentLayerContext = createContext<typeof ConsentLayer | null>(null);

/** The consent banner (ADR 0010): rendered by the server for an undecided visitor; reopened by "Cookie-Einstellungen". */
export function ConsentBanner() {
  const state = useConsentState();
  const settingsOpen = useConsentSettingsOpen();
  const { pathname } = useSitePage();
  const Layer = useContext(ServerConsentLayerContext) ?? LazyConsentLayer;
  if (!settingsOpen && (state.decided || pathname === CONSENT_SETTINGS_PATH)) return null;
  return (
    <Suspense fallback={null}>
      <Layer settingsOpen={settingsOpen} />
    </Suspense>
  );
}
