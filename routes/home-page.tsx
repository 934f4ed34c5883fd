import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { ContentView } from "#content/content-view.tsx";
import { BRAND_KEYS, BRAND_NAMES } from "#domain/brands.ts";
import { PageHead } from "#ui/page-head.tsx";
import { BrandLogo } from "#ui/layout/brand-logo.tsx";
import { QuickSearch } from "#ui/carfinder/quick-search.tsx";
import { modelsPath, WORKSHOP_APPOINTMENT_PATH } from "#domain/site-paths.ts";

/** The home story from the content space; without one, the built-in home below. */
export async function loader(args: LoaderFunctionArgs) {
  const { loadHomeRoute } = await import("./content-loader.ts");
  return loadHomeRoute(args);
}

export function Component() {
  const content = useLoaderData<typeof loader>();
  if (content && "page" in content) {
    return (
      <>
        <PageHead title={content.page.seoTitle ?? content.page.title} description={content.page.description} noindex={content.noindex} />
        <ContentView page={content.page} blockData={content.blockData} />
      </>
    );
  }
  return (
    <article className="page home-page">
      <PageHead
        title="Neu- und Gebrauchtwagen, Transporter und Reisemobile"
        description="Autohaus Gruppe Nord: Mercedes-Benz, Aston Martin, Hyundai, smart, Hymer und Iveco – Fahrzeugsuche, Probefahrt, Werkstatt und Leasing an Standorten in Norddeutschland."
      />
      {content ? (
        <p className="block__empty" role="status">
          Einige Inhalte unserer Startseite sind gerade nicht erreichbar. Fahrzeugsuche, Standorte und Anfragen funktionieren wie gewohnt.
        </p>
      ) : null}
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Ihr nächstes Fahrzeug wartet schon</h1>
        <p className="page__intro">
          Über 3.000 Neu- und Gebrauchtwagen, Transporter und Reisemobile von sechs Marken – sofort verfügbar an unseren Standorten.
        </p>
        <div className="quick-search-tabs">
          <QuickSearch variant="default" />
          <QuickSearch variant="financial" />
        </div>
      </section>
      <section aria-labelledby="brands-title" className="home-brands">
        <h2 id="brands-title">Unsere Marken</h2>
        <ul className="brand-grid">
          {BRAND_KEYS.map((brand) => (
            <li key={brand}>
              <SiteLink to={modelsPath(brand)} className="brand-grid__link">
                <BrandLogo brand={brand} decorative />
                <span>Modelle von {BRAND_NAMES[brand]}</span>
              </SiteLink>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="services-title">
        <h2 id="services-title">Service rund um Ihr Fahrzeug</h2>
        <ul className="card-grid">
          <li className="card">
            <h3>Probefahrt</h3>
            <p>Erleben Sie Ihr Wunschfahrzeug – wir bereiten alles vor.</p>
            <SiteLink to="/probefahrt">Probefahrt vereinbaren</SiteLink>
          </li>
          <li className="card">
            <h3>Werkstatt</h3>
            <p>Wartung, Reparatur und Hauptuntersuchung vom Fachbetrieb.</p>
            <SiteLink to={WORKSHOP_APPOINTMENT_PATH}>Online-Werkstatttermin</SiteLink>
          </li>
          <li className="card">
            <h3>Ankauf</h3>
            <p>Wir kaufen Ihr Fahrzeug – fair bewertet und schnell abgewickelt.</p>
            <SiteLink to="/ankauf">Fahrzeug verkaufen</SiteLink>
          </li>
        </ul>
      </section>
    </article>
  );
}
