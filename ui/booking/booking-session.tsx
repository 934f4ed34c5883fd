import { useEffect, useRef, useState, type RefObject } from "react";
import { nearestContact } from "#domain/contact-fallback.ts";
import { telHref } from "#domain/phone.ts";
import { ConsentPlaceholder } from "../consent/consent-placeholder.tsx";
import { useConsentGate } from "../consent/consent-gate.ts";
import { appointmentsScriptSrc, appointmentsWidget, type AppointmentOptions, type AppointmentsWidgetApi } from "./appointments-service.ts";
import { documentNavigate, useExternalServices, useSiteNavigate, useSitePage } from "#ui/site-context.tsx";
import { isSamePage, navigateTo } from "../navigate-to.ts";
import { acquireScript } from "./script-loader.ts";
import { useFocusWhen } from "#ui/focus-when.ts";

export interface BookingSessionProps {
  /** Counts the visitor's clicks on the button: each one opens the widget (or shows the consent gate again). */
  request: number;
  name: string;
  uid: string;
  options: AppointmentOptions;
  /** The button: focus goes back to it when the widget closes. */
  opener: RefObject<HTMLButtonElement | null>;
  fallback: { href: string; internal: boolean } | null;
  onStatus(text: string): void;
  onUnavailable(): void;
}

/**
 * Everything behind the first click on a booking button (loaded on demand by booking-trigger.tsx):
 *
 * 1. Without the "booking" consent (and a configured widget): the consent gate (ConsentPlaceholder, "Einmal laden" /
 *    "Immer erlauben"); nothing of the vendor loads (TTDSG § 25).
 * 2. With it: the widget script, once per page and shared by every booking button
 *    (script-loader.ts), then `AppointmentsWidget.open(options)`. The script element goes when the
 *    last button using it unmounts (spec section 7).
 * 3. Plugin missing (no script URL configured, load error, no `window.AppointmentsWidget` after
 *    load): a console.info naming the button (spec section 8 "console message"; Chromium reports
 *    the failed request itself as an error), then the editor's link target, or a German notice
 *    with phone and e-mail when the button has none.
 */
export function BookingSession({ request, name, uid, options, opener, fallback, onStatus, onUnavailable }: BookingSessionProps) {
  const services = useExternalServices();
  const config = services?.appointments ?? null;
  const gate = useConsentGate("booking");
  const navigate = useSiteNavigate() ?? documentNavigate;
  const { pathname, routeData } = useSitePage();
  const contact = nearestContact(routeData);
  const [notice, setNotice] = useState(false);
  const widget = useRef<AppointmentsWidgetApi | null>(null);
  const consentBox = useRef<HTMLDivElement>(null);
  // Open on load only when the visitor asked for it here: consent already given at the click, or
  // given in this gate. A grant from the banner later must not pop up a dialog.
  const openOnLoad = useRef(gate.allowed);
  if (gate.requested) openOnLoad.current = true;

  const latest = useRef({ name, uid, options, fallback, pathname, navigate, onStatus, onUnavailable, opener });
  latest.current = { name, uid, options, fallback, pathname, navigate, onStatus, onUnavailable, opener };

  function unavailable(reason: string) {
    const current = latest.current;
    console.info(`Booking plugin unavailable on button “${current.name}” (${current.uid}): ${reason}.`);
    current.onStatus("");
    current.onUnavailable();
    const target = current.fallback;
    if (target && !isSamePage(target.href, current.pathname)) {
      try {
        navigateTo(target.href, { external: !target.internal, navigate: current.navigate });
        return;
      } catch (error) {
        console.error(error);
      }
    }
    setNotice(true);
  }

  function open() {
    const api = widget.current;
    if (!api) return;
    latest.current.onStatus("");
    // The widget returns focus to what had it when it opened: the button (the gate under the
    // focus may just have disappeared).
    latest.current.opener.current?.focus();
    try {
      api.open(latest.current.options);
    } catch (error) {
      unavailable(`open() failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const actions = useRef({ open, unavailable });
  actions.current = { open, unavailable };

  useEffect(() => {
    // Nothing to load, so nothing to consent to: the plugin is missing.
    if (!config?.scriptUrl) {
      actions.current.unavailable("no appointments script URL is configured");
      return;
    }
    if (!gate.allowed) return;
    let active = true;
    const handle = acquireScript(appointmentsScriptSrc({ ...config, scriptUrl: config.scriptUrl }));
    if (openOnLoad.current) latest.current.onStatus("Die Terminbuchung wird geladen …");
    handle.ready.then(
      () => {
        if (!active) return;
        widget.current = appointmentsWidget();
        if (!widget.current) actions.current.unavailable("the script did not register window.AppointmentsWidget");
        else if (openOnLoad.current) actions.current.open();
      },
      () => {
        if (active) actions.current.unavailable("the appointments script failed to load");
      },
    );
    return () => {
      active = false;
      widget.current?.close();
      widget.current = null;
      handle.release();
    };
  }, [gate.allowed, config]);

  // Every further click opens the widget again, or brings the gate back into view.
  const firstRequest = useRef(request);
  useEffect(() => {
    if (request === firstRequest.current && !gate.allowed) consentBox.current?.focus();
    if (request === firstRequest.current) return;
    if (widget.current) actions.current.open();
    else consentBox.current?.focus();
  }, [request, gate.allowed]);

  // After the effects above: the notice replaces the widget, so it takes focus last.
  const noticeBox = useFocusWhen<HTMLParagraphElement>(notice);
  if (notice) {
    return (
      <p ref={noticeBox} tabIndex={-1} className="booking-button__notice">
        Die Online-Terminbuchung ist gerade nicht verfügbar. Vereinbaren Sie Ihren Termin bitte mit {contact.name}: Telefon{" "}
        <a href={telHref(contact.phone)}>{contact.phone}</a>
        {contact.email ? (
          <>
            {" "}
            oder E-Mail <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </>
        ) : null}
        .
      </p>
    );
  }
  if (gate.allowed || !config?.scriptUrl) return null;
  return (
    <div ref={consentBox} tabIndex={-1} role="group" aria-label="Einwilligung zur Online-Terminbuchung" className="booking-button__consent">
      <ConsentPlaceholder gate={gate} providerName={config.providerName} title="Online-Terminbuchung" anchorId={`termin-${uid}`} />
    </div>
  );
}
