import { describe, expect, it } from "vitest";
import { collectDataNeeds, stockQuery, articleFolder } from "./block-data.ts";
import { BLOCK_FIXTURES } from "./block-fixtures.ts";
import type { Block } from "./story-schema.ts";

const page = (...body: Block[]) => ({ component: "page", _uid: "root", body }) as Block;

describe("collectDataNeeds", () => {
  it("lists stock, location and article needs in page order, nested ones included", () => {
    const twoColumn = { component: "content_two_column", _uid: "two", left: [BLOCK_FIXTURES.location_grid], right: [] } as Block;
    const needs = collectDataNeeds(
      page(BLOCK_FIXTURES.hero_stock, BLOCK_FIXTURES.stock_preview, twoColumn, BLOCK_FIXTURES.article_latest, BLOCK_FIXTURES.rich_text),
    );
    expect(needs).toEqual([
      { kind: "vehicles", uid: "fx-hero_stock", query: "brand=smart&fuel=electric", limit: 2 },
      { kind: "vehicles", uid: "fx-stock_preview", query: "sorting=year-desc", limit: 4 },
      { kind: "locations", uid: "fx-location_grid" },
      { kind: "articles", uid: "fx-article_latest", startsWith: "uber-uns/journal/", perPage: 3 },
    ]);
  });

  it("defaults: limits per block kind, lease overview asks for private lease offers unless the editor chose a price type", () => {
    const needs = collectDataNeeds(
      page(
        { component: "stock_overview", _uid: "o" },
        { component: "lease_overview", _uid: "l", query: "brand=hyundai" },
        { component: "lease_overview", _uid: "b", query: "pricetype=business_lease", limit: "100" },
        { component: "article_overview", _uid: "a", folder: "/news", per_page: 0, tag: "Elektro" },
      ),
    );
    expect(needs).toEqual([
      { kind: "vehicles", uid: "o", query: "", limit: 12 },
      { kind: "vehicles", uid: "l", query: "brand=hyundai&pricetype=private_lease", limit: 6 },
      { kind: "vehicles", uid: "b", query: "pricetype=business_lease", limit: 24 },
      { kind: "articles", uid: "a", startsWith: "news/", perPage: 1, tag: "Elektro", paged: true },
    ]);
  });

  it("finds bloks inside rich text and lists each uid once", () => {
    const text = {
      type: "doc",
      content: [{ type: "blok", attrs: { body: [BLOCK_FIXTURES.stock_preview, BLOCK_FIXTURES.stock_preview] } }],
    };
    expect(collectDataNeeds(page({ component: "rich_text", _uid: "r", text } as Block)).map((need) => need.uid)).toEqual([
      "fx-stock_preview",
    ]);
  });

  it("a page without live blocks needs nothing", () => {
    expect(collectDataNeeds(page(BLOCK_FIXTURES.hero, BLOCK_FIXTURES.card_grid))).toEqual([]);
  });

  it("query and folder helpers normalise what editors paste", () => {
    expect(stockQuery("/carfinder?brand=smart&")).toBe("brand=smart");
    expect(stockQuery("?fuel=electric#x")).toBe("fuel=electric");
    expect(articleFolder("")).toBe("uber-uns/journal/");
    expect(articleFolder("/news/")).toBe("news/");
  });
});
