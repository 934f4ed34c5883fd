import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Outlet,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
  type LoaderFunctionArgs,
} from "react-router";
import { SiteLayout } from "#ui/layout/site-layout.tsx";
import { SiteNavigationProvider } from "#ui/site-navigation-provider.tsx";
import { ErrorPanelSlot } from "#ui/error-panel-slot.tsx";
import { PageHead } from "#ui/page-head.tsx";
import { ConsentProvider } from "#ui/consent/consent-store.ts";
import type { ConsentState } from "#domain/consent.ts";
import type { ExternalServices } from "#domain/site-config.ts";
import type { SiteSettings } from "#domain/site-settings.ts";
import { requestFlagsContext, siteContext } from "./ports.ts";

export interface RootData {
  buildId: string;
  origin: string;
  stylesheets: string[];
  lowercaseCanonical: boolean;
  /** From the consent cookie: the server renders banner and embeds for it, the browser starts from it. */
  consent: ConsentState;
  /** Booking widget and autochat settings; ui/booking and ui/chat read them from here (ADR 0014). */
  services: ExternalServices;
  /** Site config and stock settings (worker/site-settings.ts); components read them with useSiteSettings(). */
  settings: SiteSettings;
  /** The site's favicon (the lead brand's where the settings say so; worker/ssr/render-page.tsx). */
  favicon: string;
}

/** Runs on the worker only: the root never revalidates in the browser. */
export function rootLoader({ context }: LoaderFunctionArgs): RootData {
  const site = context.get(siteContext);
  return {
    buildId: site.buildId,
    origin: site.origin,
    stylesheets: site.stylesheets,
    lowercaseCanonical: site.lowercaseCanonical,
    consent: context.get(requestFlagsContext).consent,
    services: site.services,
    settings: site.settings,
    favicon: site.favicon,
  };
}

export function shouldRevalidateRoot(): boolean {
  return false;
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
  useEffect(() => {
    // Playwright waits for this before clicking (TOOLCHAIN.md "Wait for hydration").
    document.documentElement.dataset.hydrated = "true";
  }, []);
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
  const { stylesheets, consent, favicon } = useLoaderData<RootData>();
  return (
    <DocumentShell stylesheets={stylesheets} favicon={favicon}>
      <ConsentProvider initial={consent}>
        <SiteLayout>
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
  const root = useRouteLoaderData("root") as RootData | undefined;
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
