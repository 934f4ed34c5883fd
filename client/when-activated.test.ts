import { afterEach, describe, expect, it, vi } from "vitest";
import { decidedConsent } from "#domain/consent.ts";
import { whenActivated } from "#ui/when-activated.ts";

/** A document Chrome is prerendering: `activate()` is the visitor's navigation to it. */
function prerenderedDocument() {
  const listeners: Array<() => void> = [];
  const appended: Array<{ src: string }> = [];
  const doc = {
    prerendering: true,
    addEventListener: (type: string, listener: () => void) => {
      if (type === "prerenderingchange") listeners.push(listener);
    },
    createElement: () => ({ async: false, src: "", dataset: {} }),
    head: { appendChild: (element: { src: string }) => void appended.push(element) },
    activate() {
      doc.prerendering = false;
      for (const listener of listeners.splice(0)) listener();
    },
  };
  return { doc, appended };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a prerendered page has no effects before the visitor opens it (ADR 0043)", () => {
  it("whenActivated resolves at once on a shown page and on activation for a prerendered one", async () => {
    let shown = false;
    vi.stubGlobal("document", { addEventListener: () => {}, prerendering: false });
    void whenActivated().then(() => (shown = true));
    await settle();
    expect(shown).toBe(true);

    const { doc } = prerenderedDocument();
    vi.stubGlobal("document", doc);
    let activated = false;
    void whenActivated().then(() => (activated = true));
    await settle();
    expect(activated).toBe(false);
    doc.activate();
    await settle();
    expect(activated).toBe(true);
  });

  it("the tag manager loads only after activation", async () => {
    const { doc, appended } = prerenderedDocument();
    vi.stubGlobal("document", doc);
    vi.stubGlobal("window", {});
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => setTimeout(callback, 0));
    const { startTagManager } = await import("./tag-manager.ts");
    startTagManager({ scriptUrl: "/demo/tag-manager.js" }, "GTM-ABC123", decidedConsent(["statistics"]));
    await settle();
    await settle();
    expect(appended).toEqual([]);
    doc.activate();
    await settle(); // activation, then the first idle period (ui/when-idle.ts waits for activation too)
    await settle();
    expect(appended.map((script) => script.src)).toEqual(["/demo/tag-manager.js?id=GTM-ABC123"]);
  });
});
