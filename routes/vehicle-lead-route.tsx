import { useEffect, type ReactNode } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { LocationSummary } from "#domain/data-schemas.ts";
import { vehicleFormPath, vehiclePath } from "#domain/site-paths.ts";
import { trackEvent, type EventPayload } from "#ui/analytics/analytics.ts";
import { InterestForm, TestDriveForm } from "#ui/leads/lead-forms.tsx";
import { LeadPage } from "#ui/leads/lead-page.tsx";
import { VehicleSummary } from "#ui/leads/vehicle-summary.tsx";

/** The lead pages about one vehicle: their page-view event, title, introduction and form. */
const PAGES = {
  interest: {
    track: (payload: EventPayload) => trackEvent("view_vehicle_interest", payload),
    title: "Interesse",
    intro: () =>
      "Sie haben Fragen zu diesem Fahrzeug, wünschen ein Angebot oder möchten es reservieren? Schreiben Sie uns, wir melden uns persönlich.",
    Form: InterestForm,
  },
  testDrive: {
    track: (payload: EventPayload) => trackEvent("view_vehicle_testdrive", payload),
    title: "Probefahrt",
    intro: (location: LocationSummary | null) =>
      `Nennen Sie uns Ihren Wunschtermin${location ? ` bei ${location.name}` : ""}. Wir bereiten das Fahrzeug vor und bestätigen Ihnen den Termin persönlich.`,
    Form: TestDriveForm,
  },
} as const;

/**
 * The route module of a vehicle's lead page (/…/{vehicle}/interesse, …/probefahrt): the vehicle
 * (404 vehicle-form-not-found, the canonical form path), its summary beside the form.
 */
export function vehicleLeadRoute(form: keyof typeof PAGES) {
  const { track, title, intro, Form } = PAGES[form];
  async function loader(args: LoaderFunctionArgs) {
    // The loader module (param schemas, zod) loads with the loader, not with the page (ADR 0006).
    const { loadVehicleRoute } = await import("./vehicle-loader.ts");
    return loadVehicleRoute(args, "vehicle-form-not-found", (vehicle, brand) => vehicleFormPath(vehicle, form, brand));
  }
  function Component(): ReactNode {
    const { vehicle, brand, location } = useLoaderData<typeof loader>();
    useEffect(() => track({ vehicle_id: String(vehicle.id), location_id: vehicle.locationSlug }), [vehicle]);
    return (
      <LeadPage title={`${title}: ${vehicle.title}`} noindex intro={intro(location)}>
        <div className="lead-page__layout">
          <VehicleSummary vehicle={vehicle} location={location} detailHref={vehiclePath(vehicle, brand)} />
          <Form vehicle={vehicle} />
        </div>
      </LeadPage>
    );
  }
  return { loader, Component };
}
