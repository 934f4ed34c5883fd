import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { BRAND_NAMES } from "#domain/brands.ts";
import { BrandParamSchema } from "#domain/route-params.ts";
import { PlaceholderPage } from "#ui/placeholder-page.tsx";
import { requireParam } from "./route-errors.ts";

export function loader({ params, request }: LoaderFunctionArgs) {
  const brand = params.brand === undefined ? null : requireParam(BrandParamSchema, params.brand, request);
  return { brand };
}

export function Component() {
  const { brand } = useLoaderData<typeof loader>();
  const title = brand ? `${BRAND_NAMES[brand]} Fahrzeugsuche` : "Fahrzeugsuche";
  return (
    <PlaceholderPage
      title={title}
      intro="Hier durchsuchen Sie bald unseren gesamten Fahrzeugbestand mit Filtern, Sortierung und Preisanzeige nach Kauf, Finanzierung oder Leasing."
      links={[
        { label: "Favoriten", href: "/carfinder/favoriten" },
        { label: "Fahrzeugvergleich", href: "/carfinder/vergleichen" },
      ]}
    />
  );
}
