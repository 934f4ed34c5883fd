import { useEffect } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { trackEvent } from "#ui/analytics/analytics.ts";
import { vehiclePath, vehicleFormPath } from "#domain/site-paths.ts";
import { PageHead } from "#ui/page-head.tsx";
import { InterestForm } from "#ui/leads/lead-forms.tsx";
import { VehicleSummary } from "#ui/leads/vehicle-summary.tsx";

export async function loader(args: LoaderFunctionArgs) {
  // The loader module (param schemas, zod) loads with the loader, not with the page (ADR 0006).
  const { loadVehicleRoute } = await import("./vehicle-loader.ts");
  return loadVehicleRoute(args, "vehicle-form-not-found", (vehicle, brand) => vehicleFormPath(vehicle, "interest", brand));
}

export { leadPageAction as action, skipRevalidationAfterLead as shouldRevalidate } from "./lead-page.ts";

export function Component() {
  const { vehicle, brand, location } = useLoaderData<typeof loader>();
  useEffect(() => trackEvent("view_vehicle_interest", { vehicle_id: String(vehicle.id), location_id: vehicle.locationSlug }), [vehicle]);
  const title = `Interesse: ${vehicle.title}`;
  return (
    <article className="page lead-page">
      <PageHead title={title} noindex />
      <h1>{title}</h1>
      <p className="page__intro">
        Sie haben Fragen zu diesem Fahrzeug, wünschen ein Angebot oder möchten es reservieren? Schreiben Sie uns, wir melden uns persönlich.
      </p>
      <div className="lead-page__layout">
        <VehicleSummary vehicle={vehicle} location={location} detailHref={vehiclePath(vehicle, brand)} />
        <InterestForm vehicle={vehicle} />
      </div>
    </article>
  );
}
