import { SiteHeader } from "./site-header.tsx";
import { TopBar } from "./top-bar.tsx";
import { InfoBar } from "./info-bar.tsx";
import { BreadcrumbsSlot } from "./breadcrumbs-slot.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { StickyContactBar } from "./sticky-contact-bar.tsx";
import { ConsentBanner } from "../consent/consent-banner.tsx";
import { PageViewTracker } from "../analytics/page-view-tracker.tsx";
import { AutoChat } from "../chat/autochat.tsx";
import { Island } from "../islands/island.tsx";
import type { PageLayout } from "./page-layout.ts";

/**
 * The one default layout (spec section 2 "One layout: default"). `layout` is what editors own of
 * it (navigation, top bar, info bar, footer links), parsed on the worker (root loader data).
 */
export function SiteLayout({ children, layout }: { children: React.ReactNode; layout: PageLayout }) {
  return (
    <>
      <a className="skip-link" href="#inhalt">
        Zum Inhalt springen
      </a>
      {/* Early in the focus order (it asks before anything loads), shown as an overlay at the bottom. */}
      <Island name="consent-banner" component={ConsentBanner} props={{}} />
      <header className="site-header-group">
        <TopBar topBar={layout.topBar} />
        <Island name="site-header" component={SiteHeader} props={{ navigation: layout.navigation }} />
      </header>
      <InfoBar notices={layout.notices} />
      <div className="site-main-wrap">
        <BreadcrumbsSlot />
        <main id="inhalt" className="site-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {/* Before the footer: sticky at the viewport's bottom while the page scrolls, it stops above
          the footer instead of covering its links (WCAG 2.2 target size). */}
      <StickyContactBar />
      <SiteFooter columns={layout.footerColumns} legalLinks={layout.legalLinks} />
      <PageViewTracker />
      {/* A fixed overlay that appears after the bubble delay; its code loads only then (ADR 0014). */}
      <Island name="autochat" component={AutoChat} props={{}} />
    </>
  );
}
