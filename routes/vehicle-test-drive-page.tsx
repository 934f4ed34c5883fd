import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { vehiclePath } from "#domain/route-params.ts";
import { PlaceholderPage } from "#ui/placeholder-page.tsx";
import { loadVehicleRoute } from "./vehicle-loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadVehicleRoute(args, "vehicle-form-not-found", (vehicle, brand) => `${vehiclePath(vehicle, brand ?? undefined)}/probefahrt`);
}

export function Component() {
  const { vehicle, brand } = useLoaderData<typeof loader>();
  return (
    <PlaceholderPage
      title={`Probefahrt vereinbaren: ${vehicle.title}`}
      intro="Wählen Sie bald hier Ihren Wunschtermin für eine Probefahrt mit diesem Fahrzeug. Das Terminformular folgt in Kürze."
      links={[{ label: "Zurück zum Fahrzeug", href: vehiclePath(vehicle, brand ?? undefined) }]}
    />
  );
}
