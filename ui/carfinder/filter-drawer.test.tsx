import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { FilterDrawer, FilterDrawerOpener, showVehiclesLabel } from "./filter-drawer.tsx";

const noop = () => {};

describe("the phone's filter drawer", () => {
  it("the apply button names the live total, singular for one vehicle", () => {
    expect([0, 1, 3013].map((total) => showVehiclesLabel(total))).toEqual([
      "0 Fahrzeuge anzeigen",
      "1 Fahrzeug anzeigen",
      "3.013 Fahrzeuge anzeigen",
    ]);
  });

  it("the opener says how many filters are set, as a button and as the no-JavaScript link to the panel", () => {
    const none = renderToStaticMarkup(<FilterDrawerOpener activeCount={0} onOpen={noop} />);
    expect(none).toContain('aria-haspopup="dialog">Filter</button>');
    expect(none).toContain('href="#filter"');
    const two = renderToStaticMarkup(<FilterDrawerOpener activeCount={2} onOpen={noop} />);
    expect(two.match(/>Filter \(2\)</g)).toHaveLength(2);
  });

  it("the server renders a closed dialog named by its heading, with a close button and a reset link, but no form", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <FilterDrawer open={false} onClose={noop} resetHref="/smart/carfinder">
          {null}
        </FilterDrawer>
      </MemoryRouter>,
    );
    expect(html).toMatch(/^<dialog class="filter-drawer" aria-labelledby="filter-drawer-title">/);
    expect(html).not.toContain(" open");
    expect(html).toContain('<h2 id="filter-drawer-title" tabindex="-1">Filter</h2>');
    expect(html).toContain('href="/smart/carfinder"');
    expect(html).toMatch(/<button type="button"[^>]*aria-label="Schließen"/);
    expect(html).not.toContain("<form");
  });
});
