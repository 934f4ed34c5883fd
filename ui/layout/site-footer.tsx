import { telHref } from "#domain/phone.ts";
import { useRootData } from "#ui/root-data.ts";
import { SITE_CONFIG } from "#domain/site-config.ts";
import { SITE_NAME } from "#domain/page-title.ts";
import { ConsentSettingsLink } from "../consent/consent-settings-link.tsx";
import { Island } from "../islands/island.tsx";
import { LayoutAnchor } from "./layout-link.tsx";
import type { PageLayout } from "./page-layout.ts";

/** The footer: the editor-owned columns and legal links (ui/layout/page-layout.ts), the contact column, consent settings. */
export function SiteFooter({ columns, legalLinks }: { columns: PageLayout["footerColumns"]; legalLinks: PageLayout["legalLinks"] }) {
  const contactHours = useRootData()?.contactHours ?? null;
  return (
    <footer className="site-footer">
      <div className="container site-footer__columns">
        {columns.map((column, index) => (
          <nav key={index} aria-label={column.heading} className="site-footer__column">
            <h2 className="site-footer__heading">{column.heading}</h2>
            <ul>
              {column.links.map((link, linkIndex) => (
                <li key={linkIndex}>
                  <LayoutAnchor link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section className="site-footer__column" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            Kontakt
          </h2>
          <p>
            Zentrale Kundenbetreuung
            <br />
            <a href={telHref(SITE_CONFIG.stickyContact.phone)}>{SITE_CONFIG.stickyContact.phoneLabel}</a>
          </p>
          {contactHours ? <p>{contactHours}</p> : null}
        </section>
      </div>
      <div className="site-footer__legal">
        <div className="container site-footer__legal-inner">
          <p>© {SITE_NAME}</p>
          <nav aria-label="Rechtliches">
            <ul>
              {legalLinks.map((link, index) => (
                <li key={index}>
                  <LayoutAnchor link={link} />
                </li>
              ))}
              <li>
                <Island name="consent-settings-link" component={ConsentSettingsLink} props={{ children: "Cookie-Einstellungen" }} />
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
