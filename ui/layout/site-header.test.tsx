import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { SitePageContext } from "#ui/site-context.tsx";
import { isCurrent, SiteHeader } from "./site-header.tsx";

const NAVIGATION = [
  { label: "Fahrzeugsuche", href: "/carfinder" },
  { label: "Werkstatt & Service", href: "/werkstatt" },
  { label: "Partner", href: "https://partner.example.de/", newTab: true as const },
];

describe("site header", () => {
  it("marks the navigation item of the page itself (exact path, trailing slash and case ignored)", () => {
    expect(isCurrent("/werkstatt", "/werkstatt")).toBe(true);
    expect(isCurrent("/werkstatt", "/Werkstatt/")).toBe(true);
    expect(isCurrent("/werkstatt", "/werkstatt/online-werkstatttermin")).toBe(false);
    expect(isCurrent("/", "/")).toBe(true);
    expect(isCurrent("/", "/werkstatt")).toBe(false);
  });

  it("renders aria-current from the page context, no router needed (an island, ADR 0017)", () => {
    const html = renderToStaticMarkup(
      <SitePageContext value={{ pathname: "/werkstatt", search: "", routeData: [], services: null, settings: null }}>
        <SiteHeader navigation={NAVIGATION} />
      </SitePageContext>,
    );
    expect(html).toMatch(
      /<a aria-current="page" class="site-nav__link" href="\/werkstatt">|<a class="site-nav__link" aria-current="page" href="\/werkstatt">/,
    );
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toContain('aria-controls="site-nav"');
    // The editor-owned navigation as given: another origin opens in a new tab and says so.
    expect(html).toContain('target="_blank" rel="noopener noreferrer" href="https://partner.example.de/"');
    expect(html).toContain('Partner<span class="visually-hidden"> (öffnet in neuem Tab)</span>');
  });
});
