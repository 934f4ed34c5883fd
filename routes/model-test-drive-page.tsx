import { useLoaderData } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { PageHead } from "#ui/page-head.tsx";
import { TestDriveForm } from "#ui/leads/lead-forms.tsx";
import { LocationsNotice } from "#ui/leads/locations-notice.tsx";
import type { modelLeadPageLoader } from "./model-lead-loader.ts";
import { modelsPath } from "#domain/site-paths.ts";

export { leadPageAction as action, skipRevalidationAfterLead as shouldRevalidate } from "./lead-page.ts";
export { modelLeadPageLoader as loader } from "./model-lead-loader.ts";

export function Component() {
  const { brand, brandName, model, modelName, locations, locationsFailed } = useLoaderData<typeof modelLeadPageLoader>();
  const title = `Probefahrt im ${brandName} ${modelName}`;
  return (
    <article className="page lead-page">
      <PageHead title={title} noindex />
      <h1>{title}</h1>
      <p className="page__intro">
        Erleben Sie den {brandName} {modelName} auf der Straße: Wählen Sie Standort und Wunschtermin, wir stellen ein passendes
        Vorführfahrzeug bereit. <SiteLink to={modelsPath(brand, model)}>Zurück zum {modelName}</SiteLink>
      </p>
      {locationsFailed ? <LocationsNotice /> : null}
      <TestDriveForm model={{ brand, model, name: modelName }} locations={locations} />
    </article>
  );
}
