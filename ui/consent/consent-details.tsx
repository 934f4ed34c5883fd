import { useEffect, useId, useRef } from "react";
import { CONSENT_PURPOSES, type ConsentState } from "#domain/consent.ts";
import { PURPOSE_DETAILS } from "#domain/consent-purposes.ts";
import { closeConsentSettings } from "./consent-store.ts";
import { ChoiceButton, ConsentForm } from "./consent-form.tsx";

interface ConsentDetailsProps {
  /** Ticks exactly the purposes the visitor granted before (none for an undecided visitor). */
  state: ConsentState;
  /** Where the worker sends a visitor without JavaScript after saving. */
  back: string;
  /** Called after the choice was saved in the browser. */
  onSaved?: () => void;
}

/**
 * The details layer: one checkbox per purpose with what it loads and from whom, none ticked
 * unless the visitor ticked it before; "Auswahl speichern", "Alle akzeptieren" and "Alle
 * ablehnen" equally prominent. A plain form post to /cookie-einstellungen without JavaScript.
 * Loaded on demand (the banner's "Einstellungen", the footer) and by the settings page.
 */
export function ConsentDetails({ state, back, onSaved }: ConsentDetailsProps) {
  const id = useId();
  return (
    <ConsentForm className="consent-details" back={back} onSaved={onSaved}>
      <fieldset className="consent-details__purposes">
        <legend>Wofür dürfen wir Ihre Daten verwenden?</legend>
        <div className="consent-details__purpose">
          <p className="consent-details__label">Notwendig (immer aktiv)</p>
          <p className="consent-details__text">
            Speichert Ihre Auswahl auf dieser Seite (Cookie „agn_consent“, 365 Tage), die Sprache (Cookie „locale“), ausgeblendete Hinweise
            (Cookie „agn_notices“, 90 Tage) sowie Ihre Merk- und Vergleichslisten in Ihrem Browser, deren Fahrzeugnummern zusätzlich in den
            Cookies „agn_compare“ und „agn_favourites“ (90 Tage), damit die Listen sofort angezeigt werden. Anbieter: Autohaus Gruppe Nord.
          </p>
        </div>
        {CONSENT_PURPOSES.map((purpose) => {
          const details = PURPOSE_DETAILS[purpose];
          return (
            <div key={purpose} className="consent-details__purpose">
              <input
                type="checkbox"
                id={`${id}-${purpose}`}
                name="purpose"
                value={purpose}
                defaultChecked={state.granted.includes(purpose)}
                aria-describedby={`${id}-${purpose}-text`}
                className="consent-details__checkbox"
              />
              <label htmlFor={`${id}-${purpose}`} className="consent-details__label">
                {details.label}
              </label>
              <p id={`${id}-${purpose}-text`} className="consent-details__text">
                {details.description} Anbieter: {details.providers}.
              </p>
            </div>
          );
        })}
      </fieldset>
      <div className="consent-actions">
        <ChoiceButton choice="selection">Auswahl speichern</ChoiceButton>
        <ChoiceButton choice="all">Alle akzeptieren</ChoiceButton>
        <ChoiceButton choice="none">Alle ablehnen</ChoiceButton>
      </div>
    </ConsentForm>
  );
}

/**
 * The details inside the consent banner (its "Einstellungen", the footer's "Cookie-Einstellungen"):
 * focus moves to its heading; a visitor who has decided before may close it unchanged.
 */
export function ConsentDetailsLayer(props: ConsentDetailsProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <div className="consent-banner__head">
        <h2 id="consent-banner-heading" tabIndex={-1} ref={heading}>
          Cookie-Einstellungen
        </h2>
        {props.state.decided ? (
          <button type="button" className="button button--ghost button--small" onClick={closeConsentSettings}>
            Schließen
          </button>
        ) : null}
      </div>
      <ConsentDetails {...props} />
    </>
  );
}
