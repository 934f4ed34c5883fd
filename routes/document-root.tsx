import { useEffect } from "react";
import { isRouteErrorResponse, Outlet, ScrollRestoration, useLoaderData, useRouteError, type LoaderFunctionArgs } from "react-router";
import { SiteLayout } from "#ui/layout/site-layout.tsx";
import { SiteNavigationProvider } from "#ui/site-navigation-provider.tsx";
import { ErrorPanelSlot } from "#ui/error-panel-slot.tsx";
import { PageHead } from "#ui/page-head.tsx";
import { ConsentProvider } from "#ui/consent/consent-store.ts";
import { useRootData, type RootData } from "#ui/root-data.ts";
import { requestFlagsContext, siteContext } from "./ports.ts";

/** The root loader's data (ui/root-data.ts): the site environment and the consent state. */
export type { RootData };

/** Runs on the worker only: the root never revalidates in the browser. */
export function rootLoader({ context }: LoaderFunctionArgs): RootData {
  const site = context.get(siteContext);
  return {
    contactHours: site.contactHours,
    buildId: site.buildId,
    origin: site.origin,
    stylesheets: site.stylesheets,
    lowercaseCanonical: site.lowercaseCanonical,
    consent: context.get(requestFlagsContext).consent,
    services: site.services,
    settings: site.settings,
    favicon: site.favicon,
    layout: site.layout,
  };
}

export function shouldRevalidateRoot(): boolean {
  return false;
}

/** What markHydrated touches of the document (`prerendering` is not in TypeScript's DOM types yet). */
export interface HydratedDocument {
  prerendering?: boolean;
  documentElement: { dataset: DOMStringMap; readonly offsetHeight: number };
}

/**
 * Marks the page hydrated: CSS shows what needs JavaScript (`html[data-hydrated]`), and Playwright
 * waits for it before clicking (TOOLCHAIN.md "Wait for hydration"). In a page Chrome prerenders,
 * nothing lays the page out until the visitor opens it, so the style and layout this change (and
 * the hydration) left pending would run between the click and the first frame: they run now.
 */
export function markHydrated(doc: HydratedDocument): void {
  const root = doc.documentElement;
  root.dataset.hydrated = "true";
  if (doc.prerendering) void root.offsetHeight;
}

function DocumentShell({
  stylesheets,
  favicon = "/favicon.svg",
  children,
}: {
  stylesheets: string[];
  favicon?: string;
  children: React.ReactNode;
}) {
  useEffect(() => markHydrated(document), []);
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b1f33" />
        <link rel="icon" href="/favicon.ico" sizes="any" />
        <link rel="icon" href={favicon} type="image/svg+xml" />
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <SiteNavigationProvider>{children}</SiteNavigationProvider>
      </body>
    </html>
  );
}

export function DocumentRoot() {
  const { stylesheets, consent, favicon, layout } = useLoaderData<RootData>();
  return (
    <DocumentShell stylesheets={stylesheets} favicon={favicon}>
      <ConsentProvider initial={consent}>
        <SiteLayout layout={layout}>
          <Outlet />
        </SiteLayout>
      </ConsentProvider>
      <ScrollRestoration />
    </DocumentShell>
  );
}

/**
 * Last line of defence: the root itself failed (its loader data is missing), so render a
 * bare document with the generic error. Page errors are caught below by PageErrorBoundary.
 */
export function DocumentErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <DocumentShell stylesheets={root?.stylesheets ?? []}>
      <PageHead title={`${status} – Ups, etwas ist schief gelaufen`} noindex />
      <main id="inhalt" className="site-main" tabIndex={-1}>
        <ErrorPanelSlot kind="something-went-wrong" />
      </main>
    </DocumentShell>
  );
}
