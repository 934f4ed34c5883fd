import { useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import type { AppointmentOptions } from "#domain/appointment-options.ts";
import type { BookingSessionProps } from "./booking-session.tsx";
import { isSamePage, navigateTo } from "../navigate-to.ts";

export interface BookingTriggerProps {
  /** The button's label text and id, for console messages. */
  name: string;
  uid: string;
  className: string;
  label: ReactNode;
  options: AppointmentOptions;
  disabled: boolean;
  /** The editor's link target, rendered (without JavaScript and when the plugin is missing the button is this link); null without a target. */
  fallbackLink: ReactNode;
  fallback: { href: string; internal: boolean } | null;
}

const subscribeNothing = () => () => {};

/**
 * A button with the appointment-booking plugin (spec section 4: "opens the booking widget; if
 * missing, an error is logged"; ADR 0014). The server renders the editor's link when there is
 * one, so without JavaScript it is a usable link; once hydrated it is a button (spec: "a link when
 * it has a target, is not disabled and has no booking plugin; otherwise a button") until the
 * plugin turns out to be missing, then the link again.
 *
 * Only this shell is on the page's first load: the first click loads the session
 * (booking-session.tsx: consent gate, the vendor script, the widget) from its own chunk.
 */
export function BookingTrigger({ name, uid, className, label, options, disabled, fallbackLink, fallback }: BookingTriggerProps) {
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const [Session, setSession] = useState<ComponentType<BookingSessionProps> | null>(null);
  const [request, setRequest] = useState(0);
  const [unavailable, setUnavailable] = useState(false);
  const [status, setStatus] = useState("");
  const button = useRef<HTMLButtonElement>(null);

  function onClick() {
    setRequest((count) => count + 1);
    if (Session) return;
    import("./booking-session.tsx").then(
      (module) => setSession(() => module.BookingSession),
      () => {
        // The chunk is gone (a deploy) or the network failed: the link target still works.
        console.info(`Booking plugin unavailable on button “${name}” (${uid}): its code failed to load.`);
        setUnavailable(true);
        if (fallback && !isSamePage(fallback.href, window.location.pathname)) {
          navigateTo(fallback.href, { external: !fallback.internal });
        }
      },
    );
  }

  const asLink = fallbackLink !== null && !disabled && (!hydrated || unavailable);
  return (
    <div className="booking-button">
      {asLink ? (
        fallbackLink
      ) : (
        <button ref={button} type="button" className={className} disabled={disabled} aria-haspopup="dialog" onClick={onClick}>
          {label}
        </button>
      )}
      <span role="status" className="booking-button__status">
        {status}
      </span>
      {Session ? (
        <Session
          request={request}
          name={name}
          uid={uid}
          options={options}
          opener={button}
          fallback={fallback}
          onStatus={setStatus}
          onUnavailable={() => setUnavailable(true)}
        />
      ) : null}
    </div>
  );
}
