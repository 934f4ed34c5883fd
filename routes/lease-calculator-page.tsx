import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { vehiclePath } from "#domain/vehicle-path.ts";
import { PlaceholderPage } from "#ui/placeholder-page.tsx";
import { loadVehicleRoute } from "./vehicle-loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadVehicleRoute(args, "lease-vehicle-not-found", (vehicle, brand) => `${brand ? `/${brand}` : ""}/stock/${vehicle.id}-1-${vehicle.slug}/lease-calculator`);
}

export function Component() {
  const { vehicle } = useLoaderData<typeof loader>();
  return (
    <PlaceholderPage
      title={`Leasingrechner: ${vehicle.title}`}
      intro="Berechnen Sie bald hier Ihre monatliche Leasingrate nach Laufzeit, Laufleistung und Anzahlung."
      links={[{ label: "Zum Fahrzeug", href: vehiclePath(vehicle) }]}
    />
  );
}
