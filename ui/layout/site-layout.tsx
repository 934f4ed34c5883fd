import { SiteHeader } from "./site-header.tsx";
import { TopBar } from "./top-bar.tsx";
import { InfoBar } from "./info-bar.tsx";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { StickyContactBar } from "./sticky-contact-bar.tsx";
import { ConsentBanner } from "../analytics/consent-banner.tsx";
import { PageViewTracker } from "../analytics/page-view-tracker.tsx";

/** The one default layout (spec section 2 "One layout: default"). */
export function SiteLayout({ children, infoBar }: { children: React.ReactNode; infoBar?: React.ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#inhalt">
        Zum Inhalt springen
      </a>
      <header className="site-header-group">
        <TopBar />
        <SiteHeader />
      </header>
      <InfoBar>{infoBar}</InfoBar>
      <div className="site-main-wrap">
        <Breadcrumbs />
        <main id="inhalt" className="site-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <SiteFooter />
      <StickyContactBar />
      <ConsentBanner />
      <PageViewTracker />
    </>
  );
}
