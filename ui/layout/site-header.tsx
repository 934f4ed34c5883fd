import { useEffect, useState } from "react";
import { SiteLink } from "#ui/site-link.tsx";
import { useSitePage, useSiteSettings } from "#ui/site-context.tsx";
import { BrandLogoLinks } from "./brand-logo.tsx";
import { LayoutAnchor } from "./layout-link.tsx";
import type { LayoutLink } from "./page-layout.ts";

/** The mobile menu's id (its button is `${MENU_ID}-button`). */
const MENU_ID = "site-nav";

/**
 * The one header of every page; an island on editorial pages (ADR 0017), so no router hooks and
 * fixed ids. `navigation` is the editor-owned main navigation (ui/layout/page-layout.ts), parsed
 * on the worker. Being on every page, it also installs the info bar's close buttons.
 */
export function SiteHeader({ navigation }: { navigation: readonly LayoutLink[] }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useSitePage();
  // Close the mobile menu after every navigation, and on Escape (back to the button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu after every navigation (pathname is the trigger)
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      document.getElementById(`${MENU_ID}-button`)?.focus();
    }
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);
  // Only a page with an info bar loads its close buttons' code (the bar is in the first HTML and
  // the same on every page of a visit, so the check at hydration holds for later navigations).
  useEffect(() => {
    let uninstall: (() => void) | undefined;
    let left = false;
    if (document.querySelector("[data-info-bar]"))
      void import("./notice-dismiss.ts").then(({ installNoticeDismiss }) => {
        if (!left) uninstall = installNoticeDismiss();
      });
    return () => {
      left = true;
      uninstall?.();
    };
  }, []);
  const { brands: carried, navigation: shown } = useSiteSettings().config;
  const brands = carried.filter((brand) => !shown.disabledBrandLogos.includes(brand));
  return (
    <div className="site-header">
      <div className="container site-header__inner">
        <SiteLink to="/" className="site-header__home" aria-label="Autohaus Gruppe Nord – Startseite">
          <span className="site-header__wordmark" aria-hidden="true">
            Autohaus Gruppe <strong>Nord</strong>
          </span>
        </SiteLink>
        <button
          type="button"
          id={`${MENU_ID}-button`}
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="site-header__menu-icon" aria-hidden="true" />
          Menü
        </button>
        <nav id={MENU_ID} aria-label="Hauptnavigation" className="site-nav" data-open={menuOpen ? "true" : "false"}>
          <ul className="site-nav__list">
            {navigation.map((item, index) => (
              <li key={index}>
                <LayoutAnchor link={item} className="site-nav__link" aria-current={isCurrent(item.href, pathname) ? "page" : undefined} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <nav aria-label="Unsere Marken" className="brand-bar">
        <BrandLogoLinks brands={brands} listClassName="container brand-bar__list" linkClassName="brand-bar__link" />
      </nav>
    </div>
  );
}

/** The navigation item of the page itself (exact path, trailing slash ignored; NavLink's `end`). */
export function isCurrent(href: string, pathname: string): boolean {
  const strip = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path).toLowerCase();
  return strip(href) === strip(pathname);
}
