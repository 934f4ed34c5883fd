import { useState } from "react";
import { useSearchParams } from "react-router";
import { CONSENT_SETTINGS_PATH, consentKey } from "#domain/consent.ts";
import { ConsentDetails } from "#ui/consent/consent-details.tsx";
import { useConsentState } from "#ui/consent/consent-store.ts";
import { PageHead } from "#ui/page-head.tsx";

/** After a no-JS save the worker sends the visitor back here with this flag. */
const SAVED_PARAM = "gespeichert";

/**
 * /cookie-einstellungen: the details layer as a page, with the visitor's current
 * choices. The footer's "Cookie-Einstellungen" links here; with JavaScript it opens the same form
 * over the current page instead. The form posts to the worker (same path) without JavaScript.
 */
export function Component() {
  const state = useConsentState();
  const [searchParams] = useSearchParams();
  const [savedHere, setSavedHere] = useState(false);
  const saved = savedHere || searchParams.has(SAVED_PARAM);
  return (
    <article className="page consent-settings-page">
      <PageHead title="Cookie-Einstellungen" noindex />
      <h1>Cookie-Einstellungen</h1>
      <p className="page__intro">
        Hier legen Sie fest, wofür wir Cookies und Dienste anderer Anbieter nutzen dürfen. Ihre Auswahl gilt 365 Tage; Sie können sie
        jederzeit hier oder über „Cookie-Einstellungen“ am Ende jeder Seite ändern.
      </p>
      <p role="status" className="consent-settings-page__status">
        {saved ? "Ihre Auswahl wurde gespeichert." : ""}
      </p>
      <ConsentDetails
        key={consentKey(state)}
        state={state}
        back={`${CONSENT_SETTINGS_PATH}?${SAVED_PARAM}=1`}
        onSaved={() => setSavedHere(true)}
      />
    </article>
  );
}
