import type { ReactNode } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { modelsPath } from "#domain/site-paths.ts";
import { ModelContactForm, TestDriveForm } from "#ui/leads/lead-forms.tsx";
import { LeadPage } from "#ui/leads/lead-page.tsx";
import { SiteLink } from "#ui/site-link.tsx";

/** The model's test-drive and contact pages: the model line and the centers to choose from. */
async function loader(args: LoaderFunctionArgs) {
  // Param schemas (zod) load with the loader, not with the page (ADR 0006).
  const [{ loadModelRoute }, { loadLeadLocations }] = await Promise.all([import("./model-loader.ts"), import("./lead-locations.ts")]);
  return { ...loadModelRoute(args), ...(await loadLeadLocations(args)) };
}

type ModelLeadData = Awaited<ReturnType<typeof loader>>;

/** The lead pages about one model line: title, introduction (before the link back to the model) and form. */
const PAGES = {
  contact: {
    title: ({ brandName, modelName }: ModelLeadData) => `Kontakt zum ${brandName} ${modelName}`,
    intro: ({ modelName }: ModelLeadData) =>
      `Sie haben Fragen zu Ausstattung, Lieferzeit oder Preisen des ${modelName}? Unsere Produktexperten beraten Sie gern.`,
    form: ({ brand, model, modelName, locations }: ModelLeadData) => (
      <ModelContactForm brand={brand} model={model} modelName={modelName} locations={locations} />
    ),
  },
  testDrive: {
    title: ({ brandName, modelName }: ModelLeadData) => `Probefahrt im ${brandName} ${modelName}`,
    intro: ({ brandName, modelName }: ModelLeadData) =>
      `Erleben Sie den ${brandName} ${modelName} auf der Straße: Wählen Sie Standort und Wunschtermin, wir stellen ein passendes Vorführfahrzeug bereit.`,
    form: ({ brand, model, modelName, locations }: ModelLeadData) => (
      <TestDriveForm model={{ brand, model, name: modelName }} locations={locations} />
    ),
  },
} as const;

/** The route module of a model line's lead page (/{brand}/modelle/{model}/kontakt, …/probefahrt). */
export function modelLeadRoute(page: keyof typeof PAGES) {
  const { title, intro, form } = PAGES[page];
  function Component(): ReactNode {
    const data = useLoaderData<typeof loader>();
    return (
      <LeadPage
        title={title(data)}
        noindex
        locationsFailed={data.locationsFailed}
        intro={
          <>
            {intro(data)} <SiteLink to={modelsPath(data.brand, data.model)}>Zurück zum {data.modelName}</SiteLink>
          </>
        }
      >
        {form(data)}
      </LeadPage>
    );
  }
  return { loader, Component };
}
