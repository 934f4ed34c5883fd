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
      title={`Probefahrt im ${brandName} ${modelName}`}
      intro="Vereinbaren Sie bald hier Ihre Probefahrt mit diesem Modell. Das Terminformular folgt in Kürze."
      links={[{ label: `Zurück zum ${modelName}`, href: `/${brand}/modelle/${model}` }]}
    />
  );
}
