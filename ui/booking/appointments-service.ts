import type { ExternalServices } from "#domain/site-config.ts";
import type { AppointmentOptions } from "#domain/appointment-options.ts";
import { withQuery } from "./script-loader.ts";

export type { AppointmentOptions };

/**
 * Adapter of the appointments service's booking widget (ADR 0014). The protocol
 * (documented in docs/third-party-protocols.md, implemented by the local stand-in
 * client/public/demo/appointments-widget.js):
 *
 * - the script URL carries `app`, `appcode`, `settings` and `autoenable=false` (spec section 7:
 *   "query parameters app, app code, settings, autoenable off"); with autoenable off the widget
 *   attaches to nothing by itself;
 * - it registers `window.AppointmentsWidget = { open(options), close() }`;
 * - `open` takes the spec's widget options (section 3): make, location, product_category,
 *   product_category_hidden, and shows an accessible dialog that returns focus on close.
 *
 * A real vendor replaces the script URL (worker vars) and, if its API differs, this file.
 */
export interface AppointmentsWidgetApi {
  open(options: AppointmentOptions): void;
  close(): void;
}

declare global {
  interface Window {
    AppointmentsWidget?: unknown;
  }
}

/** The widget script's URL with the spec's query parameters, e.g. `/demo/appointments-widget.js?app=…&appcode=…&settings=…&autoenable=false`. */
export function appointmentsScriptSrc(config: ExternalServices["appointments"] & { scriptUrl: string }): string {
  return withQuery(config.scriptUrl, { app: config.app, appcode: config.appCode, settings: config.settings, autoenable: "false" });
}

/**
 * The vendor's global after its script ran, or null when it is absent or not shaped like the
 * protocol (a boundary: the value comes from third-party code; it holds functions, so a
 * hand-written guard instead of zod).
 */
export function appointmentsWidget(
  value: unknown = typeof window === "undefined" ? undefined : window.AppointmentsWidget,
): AppointmentsWidgetApi | null {
  if (typeof value !== "object" || value === null) return null;
  const { open, close } = value as Record<string, unknown>;
  return typeof open === "function" && typeof close === "function" ? (value as AppointmentsWidgetApi) : null;
}
