import { describe, expect, it } from "vitest";
import { createScriptLoader, type ScriptElement, type ScriptHost } from "./script-loader.ts";

/** A fake document: records inserted scripts and lets the test fire their load/error events. */
function fakeDocument() {
  const inserted: Array<ScriptElement & { fire(type: "load" | "error"): void; attached: boolean }> = [];
  const host: ScriptHost = {
    createElement() {
      const listeners = new Map<string, () => void>();
      const element = {
        src: "",
        async: false,
        dataset: {} as DOMStringMap,
        attached: false,
        addEventListener(type: "load" | "error", listener: () => void) {
          listeners.set(type, listener);
        },
        remove() {
          element.attached = false;
        },
        fire(type: "load" | "error") {
          listeners.get(type)?.();
        },
      };
      return element;
    },
    head: {
      appendChild(node) {
        const element = node as (typeof inserted)[number];
        element.attached = true;
        inserted.push(element);
      },
    },
  };
  return { host, inserted, attached: () => inserted.filter((element) => element.attached) };
}

const SRC = "/demo/appointments-widget.js?app=agn-website&appcode=demo&settings=default&autoenable=false";

describe("script loader", () => {
  it("inserts a script once per URL, however many buttons acquire it", async () => {
    const page = fakeDocument();
    const loader = createScriptLoader(() => page.host);
    const first = loader.acquire(SRC);
    const second = loader.acquire(SRC);
    expect(page.inserted).toHaveLength(1);
    expect(page.inserted[0]).toMatchObject({ src: SRC, async: true });
    page.inserted[0]!.fire("load");
    await expect(Promise.all([first.ready, second.ready])).resolves.toEqual([undefined, undefined]);
    expect(loader.users(SRC)).toBe(2);
  });

  it("a different URL gets its own script", () => {
    const page = fakeDocument();
    const loader = createScriptLoader(() => page.host);
    loader.acquire(SRC);
    loader.acquire("/demo/chat-widget.js?id=agn-demo");
    expect(page.inserted.map((element) => element.src)).toEqual([SRC, "/demo/chat-widget.js?id=agn-demo"]);
  });

  it("removes the script element when the last user releases it, not before", () => {
    const page = fakeDocument();
    const loader = createScriptLoader(() => page.host);
    const first = loader.acquire(SRC);
    const second = loader.acquire(SRC);
    first.release();
    first.release(); // twice is harmless: it still counts once
    expect(page.attached()).toHaveLength(1);
    second.release();
    expect(page.attached()).toHaveLength(0);
    expect(loader.users(SRC)).toBe(0);
  });

  it("after the last release a new user loads the script again", () => {
    const page = fakeDocument();
    const loader = createScriptLoader(() => page.host);
    loader.acquire(SRC).release();
    loader.acquire(SRC);
    expect(page.inserted).toHaveLength(2);
    expect(page.attached()).toHaveLength(1);
  });

  it("a failed load rejects every user, removes the element and lets the next acquire retry", async () => {
    const page = fakeDocument();
    const loader = createScriptLoader(() => page.host);
    const first = loader.acquire(SRC);
    const second = loader.acquire(SRC);
    page.inserted[0]!.fire("error");
    await expect(first.ready).rejects.toThrow(`script failed to load: ${SRC}`);
    await expect(second.ready).rejects.toThrow();
    expect(page.attached()).toHaveLength(0);
    const retry = loader.acquire(SRC);
    expect(page.inserted).toHaveLength(2);
    // Releasing the failed handles does not touch the retry's element.
    first.release();
    second.release();
    expect(page.attached()).toHaveLength(1);
    page.inserted[1]!.fire("load");
    await expect(retry.ready).resolves.toBeUndefined();
  });
});
