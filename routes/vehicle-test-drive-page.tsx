import { useEffect } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { trackEvent } from "#ui/analytics/analytics.ts";
import { vehiclePath } from "#domain/vehicle-path.ts";
import { PlaceholderPage } from "#ui/placeholder-page.tsx";

export async function loader(args: LoaderFunctionArgs) {
  // The loader module (param schemas, zod) loads with the loader, not with the page (ADR 0006).
  const { loadVehicleRoute } = await import("./vehicle-loader.ts");
  return loadVehicleRoute(args, "vehicle-form-not-found", (vehicle, brand) => `${vehiclePath(vehicle, brand ?? undefined)}/probefahrt`);
}

export function Component() {
  const { vehicle, brand } = useLoaderData<typeof loader>();
  useEffect(() => trackEvent("view_vehicle_testdrive", { vehicle_id: String(vehicle.id), location_id: vehicle.locationSlug }), [vehicle]);
  return (
    <PlaceholderPage
      title={`Probefahrt vereinbaren: ${vehicle.title}`}
      intro="Wählen Sie bald hier Ihren Wunschtermin für eine Probefahrt mit diesem Fahrzeug. Das Terminformular folgt in Kürze."
      links={[{ label: "Zurück zum Fahrzeug", href: vehiclePath(vehicle, brand ?? undefined) }]}
    />
  );
}
