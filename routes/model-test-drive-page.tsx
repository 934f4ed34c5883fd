import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { PageHead } from "#ui/page-head.tsx";
import { TestDriveForm } from "#ui/leads/lead-forms.tsx";
import { LocationsNotice } from "#ui/leads/locations-notice.tsx";

export async function loader(args: LoaderFunctionArgs) {
  // Param schemas (zod) load with the loader, not with the page (ADR 0006).
  const [{ loadModelRoute }, { loadLeadLocations }] = await Promise.all([import("./model-loader.ts"), import("./lead-locations.ts")]);
  return { ...loadModelRoute(args), ...(await loadLeadLocations(args)) };
}

export async function action(args: ActionFunctionArgs) {
  const { leadAction } = await import("./lead-action.ts");
  return leadAction(args);
}

export { skipRevalidationAfterLead as shouldRevalidate } from "./lead-revalidation.ts";

export function Component() {
  const { brand, brandName, model, modelName, locations, locationsFailed } = useLoaderData<typeof loader>();
  const title = `Probefahrt im ${brandName} ${modelName}`;
  return (
    <article className="page lead-page">
      <PageHead title={title} noindex />
      <h1>{title}</h1>
      <p className="page__intro">
        Erleben Sie den {brandName} {modelName} auf der Straße: Wählen Sie Standort und Wunschtermin, wir stellen ein passendes Vorführfahrzeug bereit.{" "}
        <Link to={`/${brand}/modelle/${model}`}>Zurück zum {modelName}</Link>
      </p>
      {locationsFailed ? <LocationsNotice /> : null}
      <TestDriveForm model={{ brand, model, name: modelName }} locations={locations} />
    </article>
  );
}
