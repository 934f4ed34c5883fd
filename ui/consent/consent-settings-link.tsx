import { CONSENT_SETTINGS_PATH } from "#domain/consent.ts";
import { openConsentSettings } from "./consent-store.ts";

/**
 * "Cookie-Einstellungen": with JavaScript it reopens the details layer over the current page
 * (focus comes back here when it closes), without it a link to the settings page.
 */
export function ConsentSettingsLink({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <a
      href={CONSENT_SETTINGS_PATH}
      className={className}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openConsentSettings(event.currentTarget);
      }}
    >
      {children}
    </a>
  );
}
