import { describe, expect, it } from "vitest";
import { markHydrated } from "./document-root.tsx";

function page(prerendering: boolean) {
  let layouts = 0;
  const documentElement = {
    dataset: {} as DOMStringMap,
    get offsetHeight() {
      layouts += 1;
      return 900;
    },
  };
  return { doc: { prerendering, documentElement }, layouts: () => layouts };
}

describe("markHydrated", () => {
  it("marks the page for the CSS and the end-to-end tests", () => {
    const { doc } = page(false);
    markHydrated(doc);
    expect(doc.documentElement.dataset.hydrated).toBe("true");
  });

  it("lays a prerendered page out at once, so activation only paints; a shown page is left to the browser", () => {
    const shown = page(false);
    markHydrated(shown.doc);
    expect(shown.layouts()).toBe(0);
    const prerendered = page(true);
    markHydrated(prerendered.doc);
    expect(prerendered.layouts()).toBe(1);
  });
});
