import { describe, expect, it } from "vitest";
import { createStaticHandler } from "react-router";
import { routes } from "./route-table.ts";
import { EDITORIAL_LEAF_IDS, isEditorialPage } from "./editorial-pages.ts";

describe("editorial pages (ADR 0016)", () => {
  it("names the ids the static handler gives home and the content catch-all", () => {
    const { dataRoutes } = createStaticHandler(routes);
    const page = dataRoutes[0]!.children!.find((route) => route.id === "page")!;
    const ids = new Map(page.children!.map((route) => [route.index ? "(index)" : route.path, route.id]));
    expect(ids.get("(index)")).toBe(EDITORIAL_LEAF_IDS.home);
    expect(ids.get("*")).toBe(EDITORIAL_LEAF_IDS.content);
  });

  const story = (body: unknown[]) => ({ page: { preview: false, content: { component: "page", _uid: "p", body } } });

  it("takes home and content pages without lead forms, answered 200 without errors", () => {
    expect(isEditorialPage(EDITORIAL_LEAF_IDS.content, story([{ component: "hero", _uid: "h" }]), 200, false)).toBe(true);
    expect(isEditorialPage(EDITORIAL_LEAF_IDS.home, story([{ component: "stock_license_plate", _uid: "l" }]), 200, false)).toBe(true);
    expect(isEditorialPage(EDITORIAL_LEAF_IDS.home, null, 200, false)).toBe(true);
  });

  it("leaves pages with a lead form (also nested, also in rich text), previews, errors and other routes to the app", () => {
    expect(isEditorialPage(EDITORIAL_LEAF_IDS.content, story([{ component: "workshop_appointment", _uid: "w" }]), 200, false)).toBe(false);
    const nested = story([
      {
        component: "rich_text",
        _uid: "r",
        text: { type: "doc", content: [{ type: "blok", attrs: { body: [{ component: "embed_form", _uid: "f" }] } }] },
      },
    ]);
    expect(isEditorialPage(EDITORIAL_LEAF_IDS.content, nested, 200, false)).toBe(false);
    expect(isEditorialPage(EDITORIAL_LEAF_IDS.content, { page: { preview: true, content: {} } }, 200, false)).toBe(false);
    expect(isEditorialPage(EDITORIAL_LEAF_IDS.content, story([]), 404, false)).toBe(false);
    expect(isEditorialPage(EDITORIAL_LEAF_IDS.content, story([]), 200, true)).toBe(false);
    expect(isEditorialPage("0-0-3", {}, 200, false)).toBe(false);
    expect(isEditorialPage(EDITORIAL_LEAF_IDS.content, null, 200, false)).toBe(false);
  });
});
