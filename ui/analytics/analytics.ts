/**
 * Analytics (spec section 3 "Analytics events"): events go to `window.dataLayer`
 * with the contract id `vm_{name}`, but only once the visitor granted the consent purpose
 * "statistics" (TTDSG § 25; ui/consent/consent-store.ts calls setAnalyticsConsent on hydration and
 * on every change). Before a decision they wait in a bounded queue; rejecting drops them.
 * The global data object `window.vmData` holds country, locales and caches of what the page
 * showed (vehicles, models, lease vehicles, locations by id) for the tag manager to read.
 *
 * @example
 * trackEvent("view_vehicle_detail", { vehicle_id: "100001" });
 */

export const EVENT_NAMES = [
  "page_view",
  "view_vehicle_overview",
  "view_vehicle_detail",
  "view_vehicle_testdrive",
  "view_vehicle_interest",
  "view_vehicle_lease_calculator",
  "view_lease_vehicle_overview",
  "view_lease_vehicle_detail",
  "view_location_overview",
  "view_location_detail",
  "click_social",
  "click_vehicle_more_details",
  "click_vehicle_show_openinghours",
  "click_location_phone_number",
  "click_location_email",
  "click_location_whatsapp",
  "click_location_route",
  "form_ready",
  // Not in the spec's list: a submit event next to form_ready, so a form's funnel shows how many tried to send.
  "form_submit",
  "download",
  "adjust_location_filter",
  "adjust_vehicle_quicksearch_filter",
  "adjust_vehicle_overview_filter",
  "view_vehicle_model_detail",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Payload fields besides contract_id: ids as strings; filter events carry free filter fields. */
export type EventPayload = {
  vehicle_id?: string;
  model_id?: string;
  location_id?: string;
  form_id?: string;
  network?: string;
} & Record<string, string | number | boolean | string[] | undefined>;

export interface AnalyticsEvent extends EventPayload {
  event: `vm_${EventName}`;
  contract_id: `vm_${EventName}`;
}

export type ConsentDecision = "granted" | "denied";

export interface GlobalData {
  country: string;
  available_locales: string[];
  current_locale: string;
  vehicles: Record<string, unknown>;
  models: Record<string, unknown>;
  lease_vehicles: Record<string, unknown>;
  locations: Record<string, unknown>;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    vmData?: GlobalData;
  }
}

export const MAX_QUEUED_EVENTS = 50;

/** The consent gate as a small state machine, separate from the browser so it is unit-tested. */
export function createAnalytics(sink: () => unknown[]) {
  let decision: ConsentDecision | null = null;
  let queue: AnalyticsEvent[] = [];
  return {
    track(name: EventName, payload: EventPayload = {}): void {
      const event: AnalyticsEvent = { event: `vm_${name}`, contract_id: `vm_${name}`, ...payload };
      if (decision === "granted") sink().push(event);
      else if (decision === null && queue.length < MAX_QUEUED_EVENTS) queue.push(event);
    },
    decide(next: ConsentDecision): void {
      decision = next;
      if (next === "granted") for (const event of queue) sink().push(event);
      queue = [];
    },
    get decision() {
      return decision;
    },
  };
}

const browserAnalytics = createAnalytics(() => (window.dataLayer ??= []));

export function trackEvent(name: EventName, payload: EventPayload = {}): void {
  if (typeof window === "undefined") return;
  browserAnalytics.track(name, payload);
}

export function setAnalyticsConsent(decision: ConsentDecision): void {
  if (typeof window === "undefined") return;
  browserAnalytics.decide(decision);
}

export function globalData(): GlobalData {
  // biome-ignore lint/suspicious/noAssignInExpressions: made once, on first use
  return (window.vmData ??= {
    country: "DE",
    available_locales: ["de"],
    current_locale: "de",
    vehicles: {},
    models: {},
    lease_vehicles: {},
    locations: {},
  });
}

/** Keeps what a page showed in the global data object (no network, no consent needed). */
export function cacheData(kind: "vehicles" | "models" | "lease_vehicles" | "locations", id: string | number, data: unknown): void {
  if (typeof window === "undefined") return;
  globalData()[kind][String(id)] = data;
}
