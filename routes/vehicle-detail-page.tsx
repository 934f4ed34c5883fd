import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { formatEuro } from "#domain/format.ts";
import { vehiclePath } from "#domain/route-params.ts";
import { PageHead } from "#ui/page-head.tsx";
import { loadVehicleRoute } from "./vehicle-loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadVehicleRoute(args, "vehicle-not-found");
}

export function Component() {
  const { vehicle, brand } = useLoaderData<typeof loader>();
  const base = vehiclePath(vehicle, brand ?? undefined);
  return (
    <article className="page vehicle-page">
      <PageHead title={vehicle.title} description={`${vehicle.title} für ${formatEuro(vehicle.price)} – jetzt Probefahrt vereinbaren.`} />
      <h1>{vehicle.title}</h1>
      <p className="price">
        <span className="visually-hidden">Preis: </span>
        {formatEuro(vehicle.price)}
      </p>
      <p className="page__intro">Galerie, Ausstattung, Fahrzeugdaten und Finanzierungsangebote zu diesem Fahrzeug folgen in Kürze.</p>
      <div className="button-row">
        <Link className="button button--primary button--large" to={`${base}/probefahrt`}>
          Probefahrt vereinbaren
        </Link>
        <Link className="button button--secondary button--large" to={`${base}/interesse`}>
          Interesse bekunden
        </Link>
      </div>
    </article>
  );
}
