import { telHref } from "#domain/phone.ts";
import { SiteLink } from "#ui/site-link.tsx";
import { SITE_CONFIG, TOP_BAR_LINKS } from "#domain/site-config.ts";

export function TopBar() {
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <p className="top-bar__claim">Ihr Autohaus für sechs Marken im Norden</p>
        <nav aria-label="Service-Navigation">
          <ul className="top-bar__links">
            <li>
              <a href={telHref(SITE_CONFIG.stickyContact.phone)}>Tel. {SITE_CONFIG.stickyContact.phoneLabel}</a>
            </li>
            {TOP_BAR_LINKS.map((item) => (
              <li key={item.href}>
                <SiteLink to={item.href}>{item.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
