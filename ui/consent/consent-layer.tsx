import { useEffect, useRef, useState } from "react";
import { useSitePage } from "#ui/site-context.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import { CONSENT_SETTINGS_PATH } from "#domain/consent.ts";
import { openConsentSettings, useConsentState } from "./consent-store.ts";
import { ChoiceButton, ConsentForm } from "./consent-form.tsx";

type ConsentDetailsLayer = typeof import("./consent-details.tsx").ConsentDetailsLayer;

/**
 * The consent layer, shown by ConsentBanner (consent-banner.tsx). A fixed
 * overlay at the bottom (never shifts content), compact so it is not the largest paint (LCP). A
 * labelled region, not a modal: the page stays usable. First layer: "Alle akzeptieren" and "Alle
 * ablehnen" equally prominent, "Einstellungen" for the details (loaded on demand; without
 * JavaScript a link to /cookie-einstellungen). Every choice is a form post to
 * /cookie-einstellungen that works without JavaScript; with it the browser stores the choice at
 * once.
 */
export function ConsentLayer({ settingsOpen }: { settingsOpen: boolean }) {
  const state = useConsentState();
  const { pathname, search } = useSitePage();
  const [Details, setDetails] = useState<{ view: ConsentDetailsLayer } | null>(null);
  const region = useRef<HTMLElement>(null);
  // Hydrated (its chunk arrived): choices now apply without a reload. Tests wait for this.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (!settingsOpen || Details) return;
    import("./consent-details.tsx").then(
      (module) => setDetails({ view: module.ConsentDetailsLayer }),
      // The chunk is gone (a deploy): the settings page has the same form.
      () => window.location.assign(CONSENT_SETTINGS_PATH),
    );
  }, [settingsOpen, Details]);

  const back = `${pathname}${search}`;

  /** The layer disappears under the keyboard focus: continue at the main content. */
  function afterDecision() {
    if (region.current?.contains(document.activeElement)) document.getElementById("inhalt")?.focus({ preventScroll: true });
  }

  return (
    <section ref={region} className="consent-banner" aria-labelledby="consent-banner-heading" data-ready={ready || undefined}>
      {settingsOpen ? (
        Details ? (
          <Details.view state={state} back={back} onSaved={afterDecision} />
        ) : (
          <h2 id="consent-banner-heading">Cookie-Einstellungen</h2>
        )
      ) : (
        <>
          <h2 id="consent-banner-heading">Ihre Privatsphäre</h2>
          <p className="consent-banner__text">
            Mit Ihrer Einwilligung nutzen wir Statistik und laden Karten, Chat, Terminbuchung und Videos anderer Anbieter. Ändern können Sie
            das jederzeit unter „Cookie-Einstellungen“. <SiteLink to="/datenschutz">Datenschutz</SiteLink>
          </p>
          <ConsentForm className="consent-actions" back={back} onSaved={afterDecision}>
            <ChoiceButton choice="all">Alle akzeptieren</ChoiceButton>
            <ChoiceButton choice="none">Alle ablehnen</ChoiceButton>
            <a
              href={CONSENT_SETTINGS_PATH}
              className="button button--tertiary button--medium"
              onClick={(event) => {
                event.preventDefault();
                openConsentSettings();
              }}
            >
              Einstellungen
            </a>
          </ConsentForm>
        </>
      )}
    </section>
  );
}
