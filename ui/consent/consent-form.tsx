import { CONSENT_PURPOSES, CONSENT_SETTINGS_PATH, isConsentPurpose } from "#domain/consent.ts";
import { decideConsent } from "./consent-store.ts";

/**
 * Applies the submitted choice in the browser and returns true, or returns false so the form
 * posts to the worker as it does without JavaScript. The forms send `choice` (all, none,
 * selection) and `purpose` fields, exactly what the worker reads (the placeholder's "grant" is
 * handled by its gate).
 */
function applyConsentForm(form: HTMLFormElement, submitter: HTMLElement | null): boolean {
  const data = new FormData(form, submitter);
  const purposes = data.getAll("purpose").filter(isConsentPurpose);
  switch (data.get("choice")) {
    case "all":
      decideConsent(CONSENT_PURPOSES);
      return true;
    case "none":
      decideConsent([]);
      return true;
    case "selection":
      decideConsent(purposes);
      return true;
    default:
      return false;
  }
}

/**
 * A consent form (first layer, details): posts to /cookie-einstellungen without JavaScript and
 * comes back to `back`; with JavaScript the choice applies at once and `onSaved` runs.
 */
export function ConsentForm({
  className,
  back,
  onSaved,
  children,
}: {
  className: string;
  back: string;
  onSaved?: () => void;
  children: React.ReactNode;
}) {
  return (
    <form
      method="post"
      action={CONSENT_SETTINGS_PATH}
      className={className}
      onSubmit={(event) => {
        if (!applyConsentForm(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter)) return;
        event.preventDefault();
        onSaved?.();
      }}
    >
      <input type="hidden" name="back" value={back} />
      {children}
    </form>
  );
}

/** One choice of a consent form; all look alike: declining is as easy as accepting. */
export function ChoiceButton({ choice, children }: { choice: "all" | "none" | "selection"; children: React.ReactNode }) {
  return (
    <button type="submit" name="choice" value={choice} className="button button--secondary button--medium">
      {children}
    </button>
  );
}
