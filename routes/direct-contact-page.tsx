import { telHref } from "#domain/phone.ts";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { SITE_CONFIG } from "#domain/site-config.ts";
import { LeadPage } from "#ui/leads/lead-page.tsx";
import { useRootData } from "#ui/root-data.ts";
import { DirectContactForm } from "#ui/leads/lead-forms.tsx";

export async function loader(args: LoaderFunctionArgs) {
  const { loadLeadLocations } = await import("./lead-locations.ts");
  return loadLeadLocations(args);
}

export { leadPageAction as action, skipRevalidationAfterLead as shouldRevalidate } from "./lead-page.ts";

export function Component() {
  const { locations, locationsFailed } = useLoaderData<typeof loader>();
  const contactHours = useRootData()?.contactHours ?? null;
  return (
    <LeadPage
      title="Direktkontakt"
      locationsFailed={locationsFailed}
      intro={
        <>
          Schreiben Sie uns, wir leiten Ihr Anliegen an die richtige Abteilung und den richtigen Standort weiter. Lieber persönlich?
          Telefon: <a href={telHref(SITE_CONFIG.stickyContact.phone)}>{SITE_CONFIG.stickyContact.phoneLabel}</a>
          {contactHours ? ` (${contactHours})` : ""}. Ihren direkten Ansprechpartner finden Sie unter{" "}
          <SiteLink to="/ansprechpartner">Ansprechpartner</SiteLink>.
        </>
      }
    >
      <DirectContactForm locations={locations} />
    </LeadPage>
  );
}
