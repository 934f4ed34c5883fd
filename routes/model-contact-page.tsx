import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { PlaceholderPage } from "#ui/placeholder-page.tsx";
import { loadModelRoute } from "./model-loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadModelRoute(args);
}

export function Component() {
  const { brand, brandName, model, modelName } = useLoaderData<typeof loader>();
  return (
    <PlaceholderPage
      title={`Kontakt zum ${brandName} ${modelName}`}
      intro="Sie haben Fragen zu diesem Modell? Das Kontaktformular folgt in Kürze; bis dahin erreichen Sie uns telefonisch."
      links={[{ label: `Zurück zum ${modelName}`, href: `/${brand}/modelle/${model}` }]}
    />
  );
}
