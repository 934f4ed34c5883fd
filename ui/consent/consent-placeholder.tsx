import { useSitePage } from "#ui/site-context.tsx";
import { CONSENT_SETTINGS_PATH, PURPOSE_LABELS } from "#domain/consent.ts";
import type { ConsentGate } from "./consent-gate.ts";
import { ConsentSettingsLink } from "./consent-settings-link.tsx";

interface ConsentPlaceholderProps {
  /** The consent asked for; its purpose names what "Immer erlauben" grants. */
  gate: ConsentGate;
  /** Who provides the content, e.g. "OpenStreetMap". */
  providerName: string;
  /** What would load, e.g. „Anfahrt zum Center Husum“. */
  title: string;
  /** Without JavaScript "Einmal laden" is a link to this page (the /_embed wrapper); without: a button only. */
  loadOnceHref?: string | null;
  /** The element the no-JS "Immer erlauben" returns to (`#id` on this page). */
  anchorId: string;
  /** A preview picture or anything else shown behind the text. */
  children?: React.ReactNode;
  style?: React.CSSProperties;
}

/**
 * Stand-in for third-party content that waits for consent (§ 25 TDDDG, formerly TTDSG): names the provider and
 * what is transferred, offers "Einmal laden" (this time only) and, for a purpose, "Immer
 * erlauben" (grants the purpose for the whole site). Both work without JavaScript: the first is a
 * link to the same-origin wrapper page, the second a form post to /cookie-einstellungen.
 * For the booking widget and the autochat the same way:
 *
 * @example
 * const gate = useConsentGate("booking");
 * gate.allowed ? <BookingWidget … /> : <ConsentPlaceholder gate={gate} providerName="…" title="Terminbuchung" anchorId="termin" />
 */
export function ConsentPlaceholder({ gate, providerName, title, loadOnceHref = null, anchorId, children, style }: ConsentPlaceholderProps) {
  const { pathname, search } = useSitePage();
  const { purpose } = gate;
  // From the anchor, not useId: the placeholder is part of an island on editorial pages (ADR 0017).
  const textId = `${anchorId}-text`;
  const loadOnceLabel = (
    <>
      Einmal laden<span className="visually-hidden">: {title}</span>
    </>
  );
  return (
    <div className="consent-placeholder" id={anchorId} style={style}>
      {children}
      <div className="consent-placeholder__body">
        <p id={textId}>
          „{title}“ wird von {providerName} bereitgestellt. Beim Laden werden Ihre IP-Adresse und technische Daten Ihres Geräts an{" "}
          {providerName} übertragen.
        </p>
        <div className="consent-placeholder__actions">
          {loadOnceHref ? (
            <a
              href={loadOnceHref}
              className="button button--primary button--medium"
              aria-describedby={textId}
              onClick={(event) => {
                event.preventDefault();
                gate.loadOnce();
              }}
            >
              {loadOnceLabel}
            </a>
          ) : (
            <button type="button" className="button button--primary button--medium" aria-describedby={textId} onClick={gate.loadOnce}>
              {loadOnceLabel}
            </button>
          )}
          {purpose && gate.allowAlways ? (
            <form
              method="post"
              action={CONSENT_SETTINGS_PATH}
              onSubmit={(event) => {
                event.preventDefault();
                gate.allowAlways?.();
              }}
            >
              <input type="hidden" name="choice" value="grant" />
              <input type="hidden" name="purpose" value={purpose} />
              <input type="hidden" name="back" value={`${pathname}${search}#${anchorId}`} />
              <button type="submit" className="button button--tertiary button--medium">
                Immer erlauben<span className="visually-hidden">: {PURPOSE_LABELS[purpose]}</span>
              </button>
            </form>
          ) : null}
        </div>
        {purpose ? (
          <p className="consent-placeholder__note">
            „Immer erlauben“ gilt für „{PURPOSE_LABELS[purpose]}“ auf der ganzen Website; widerrufen können Sie das in den{" "}
            <ConsentSettingsLink>Cookie-Einstellungen</ConsentSettingsLink>.
          </p>
        ) : null}
      </div>
    </div>
  );
}
