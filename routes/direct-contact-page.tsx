import { PlaceholderPage } from "#ui/placeholder-page.tsx";
import { SITE_CONFIG } from "#domain/site-config.ts";

export function Component() {
  return (
    <PlaceholderPage
      title="Direktkontakt"
      intro="Sie erreichen unsere zentrale Kundenbetreuung telefonisch montags bis freitags von 8:00 bis 18:00 Uhr und samstags von 9:00 bis 14:00 Uhr. Das Kontaktformular folgt in Kürze."
      links={[
        { label: "Ansprechpartner finden", href: "/ansprechpartner" },
        { label: "Online-Werkstatttermin", href: "/werkstatt/online-werkstatttermin" },
      ]}
    >
      <p>
        Telefon: <a href={`tel:${SITE_CONFIG.stickyContact.phone.replace(/[^+\d]/g, "")}`}>{SITE_CONFIG.stickyContact.phoneLabel}</a>
      </p>
    </PlaceholderPage>
  );
}
