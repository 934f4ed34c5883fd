import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ConsentDecision } from "./analytics.ts";
import { setAnalyticsConsent } from "./analytics.ts";
import { readConsent, storeConsent } from "./consent.ts";

/**
 * Cookie decision for statistics (analytics). Rendered only after hydration (the server cannot
 * know the stored decision), as a non-modal region at the bottom that does not trap focus.
 * Both choices are equally prominent (DSK guidance: declining must be as easy as accepting).
 */
export function ConsentBanner() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const stored = readConsent(window.localStorage);
    if (stored) setAnalyticsConsent(stored);
    else setOpen(true);
  }, []);

  function decide(decision: ConsentDecision) {
    storeConsent(window.localStorage, decision);
    setOpen(false);
  }

  if (!open) return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-banner-heading">
      <h2 id="consent-banner-heading">
        Ihre Privatsphäre
      </h2>
      <p>
        Wir möchten mit Statistik-Cookies verstehen, wie unsere Website genutzt wird, um sie zu verbessern. Das geschieht nur mit Ihrer Einwilligung, die Sie jederzeit
        widerrufen können. Mehr dazu in der <Link to="/datenschutz">Datenschutzerklärung</Link>.
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary button--medium" onClick={() => decide("granted")}>
          Statistik erlauben
        </button>
        <button type="button" className="button button--secondary button--medium" onClick={() => decide("denied")}>
          Nur notwendige
        </button>
      </div>
    </section>
  );
}
