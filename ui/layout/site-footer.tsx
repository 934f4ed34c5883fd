import { telHref } from "#domain/phone.ts";
import { SiteLink } from "#ui/site-link.tsx";
import { useRootData } from "#ui/root-data.ts";
import { FOOTER_COLUMNS, LEGAL_LINKS, SITE_CONFIG } from "#domain/site-config.ts";
import { SITE_NAME } from "#domain/page-title.ts";
import { ConsentSettingsLink } from "../consent/consent-settings-link.tsx";
import { Island } from "../islands/island.tsx";

export function SiteFooter() {
  const contactHours = useRootData()?.contactHours ?? null;
  return (
    <footer className="site-footer">
      <div className="container site-footer__columns">
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={column.heading} className="site-footer__column">
            <h2 className="site-footer__heading">{column.heading}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href}>
                  <SiteLink to={link.href}>{link.label}</SiteLink>
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
              {LEGAL_LINKS.map((link) => (
                <li key={link.href}>
                  <SiteLink to={link.href}>{link.label}</SiteLink>
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
