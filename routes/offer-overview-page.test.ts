import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { buildVehicle } from "#kv-seed/stock-generator.ts";
import { BUILT_IN_SITE_SETTINGS } from "#domain/site-settings.ts";
import type { SearchResult, SearchResultCard } from "#domain/vehicle-search-result.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { loader } from "./offer-overview-page.tsx";
import { portsContext, settingsContext, type DataPorts } from "./ports.ts";

function withPrivateFinance(count: number): Vehicle[] {
  const found: Vehicle[] = [];
  for (let id = 200_000; found.length < count; id += 1) {
    const vehicle = buildVehicle({ id });
    if (vehicle.offers.some((offer) => offer.type === "private_finance")) found.push(vehicle);
  }
  return found;
}

const cardOf = (vehicle: Vehicle) =>
  ({ id: vehicle.id, slug: vehicle.slug, title: vehicle.title, price: 199, image: null }) as unknown as SearchResultCard;

/** The overview's loader as the browser runs it on a client navigation, with the ports answering `documents`. */
async function load(path: string, cards: SearchResultCard[], documents: () => Promise<Vehicle[]>) {
  const context = new RouterContextProvider();
  const result = { total: cards.length, page: 1, pageCount: 1, vehicles: cards, facets: {}, features: {} } satisfies SearchResult;
  context.set(portsContext, { vehicles: { search: async () => result, getMany: documents } } as unknown as DataPorts);
  context.set(settingsContext, BUILT_IN_SITE_SETTINGS);
  const request = new Request(`http://dealership.test${path}`);
  return loader({ request, context, params: { offerSection: path.split("/")[2] }, unstable_pattern: "" } as unknown as Parameters<
    typeof loader
  >[0]);
}

describe("the finance overview's cards", () => {
  it("each card's rate is worded from its vehicle's own offer; a vehicle without that offer any more is left out", async () => {
    const [first, second] = withPrivateFinance(2) as [Vehicle, Vehicle];
    const withoutOffer = { ...second, offers: second.offers.filter((offer) => offer.type !== "private_finance") } as Vehicle;
    const data = await load("/stock/private-finance", [cardOf(first), cardOf(second)], async () => [first, withoutOffer]);
    expect(data.result?.vehicles.map((card) => card.id)).toEqual([first.id]);
    expect(data.result?.vehicles[0]?.finance?.example).toMatch(/^Repräsentatives Beispiel gemäß § 17 Abs\. 4 PAngV: Nettodarlehensbetrag/);
  });

  it("no documents for a page of cards (a failed read, or the browser's port answering an empty list) is the list's failure notice, never bare rates", async () => {
    const [first] = withPrivateFinance(1) as [Vehicle];
    expect((await load("/stock/private-finance", [cardOf(first)], async () => [])).result).toBeNull();
    expect((await load("/stock/private-finance", [cardOf(first)], () => Promise.reject(new Error("D1_ERROR")))).result).toBeNull();
    // An empty list is an empty list, and a lease overview reads no documents at all.
    expect((await load("/stock/private-finance", [], async () => [])).result?.vehicles).toEqual([]);
    const lease = await load("/stock/private-lease", [cardOf(first)], () => Promise.reject(new Error("not asked")));
    expect(lease.result?.vehicles.map((card) => card.id)).toEqual([first.id]);
  });
});
