import { EVENT_NAMES, trackEvent, type EventName, type EventPayload } from "./analytics.ts";

/**
 * Clicks reported from the markup instead of an onClick handler: a link that only reports its
 * click carries `data-track` (the event) and `data-track-params` (its payload as JSON), and one
 * listener on the document reports it. Works the same on the app's pages and on editorial pages,
 * where static parts are never hydrated (ADR 0017).
 *
 * @example
 * <a href="tel:…" {...clickTracking("click_location_phone_number", { location_id: "center-husum" })}>
 */
export function clickTracking(event: EventName, payload: EventPayload): { "data-track": EventName; "data-track-params": string } {
  return { "data-track": event, "data-track-params": JSON.stringify(payload) };
}

const KNOWN_EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

/** The event a click on `target` reports, or null (unknown names and broken payloads report nothing). */
export function trackedClick(target: EventTarget | null): { name: EventName; payload: EventPayload } | null {
  const element = target instanceof Element ? target.closest<HTMLElement>("[data-track]") : null;
  const name = element?.dataset.track;
  if (!element || !name || !KNOWN_EVENTS.has(name)) return null;
  try {
    const payload: unknown = JSON.parse(element.dataset.trackParams ?? "{}");
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
    return { name: name as EventName, payload: payload as EventPayload };
  } catch {
    return null;
  }
}

/** Installs the document's one click listener (both browser entries call it once). */
export function installClickTracking(root: Document = document): void {
  root.addEventListener(
    "click",
    (event) => {
      const click = trackedClick(event.target);
      if (click) trackEvent(click.name, click.payload);
    },
    { capture: true },
  );
}
