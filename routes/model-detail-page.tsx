import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { PageHead } from "#ui/page-head.tsx";

export async function loader(args: LoaderFunctionArgs) {
  // zod stays off the first load (ADR 0006): the parameter rules load with the loader.
  const { loadModelRoute } = await import("./model-loader.ts");
  return loadModelRoute(args);
}

export function Component() {
  const { brand, brandName, model, modelName } = useLoaderData<typeof loader>();
  const title = `${brandName} ${modelName}`;
  return (
    <article className="page">
      <PageHead title={title} />
      <h1>{title}</h1>
      <p className="page__intro">Galerie, Ausstattungslinien, Leasing- und Barpreise sowie Downloads zum {modelName} folgen in Kürze.</p>
      <div className="button-row">
        <SiteLink className="button button--primary button--large" to={`/${brand}/modelle/${model}/probefahrt`}>
          Probefahrt vereinbaren
        </SiteLink>
        <SiteLink className="button button--secondary button--large" to={`/${brand}/modelle/${model}/kontakt`}>
          Kontakt aufnehmen
        </SiteLink>
      </div>
    </article>
  );
}
