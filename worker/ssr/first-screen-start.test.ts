import { describe, expect, it } from "vitest";
import { LATEST_START_MS, startAfterFirstScreen } from "./first-screen-start.ts";

/**
 * Runs the start code against a stand-in for the few browser APIs it touches: the document's
 * state, its islands, the elements it appends, the listeners it adds, frames and timers.
 */
function browser(state: { readyState?: string; visibilityState?: string; prerendering?: boolean; islands?: string[] } = {}) {
  const appended: Array<{ tag: string; rel?: string; href?: string; src?: string; type?: string }> = [];
  const listeners = new Map<string, () => void>();
  const frames: Array<() => void> = [];
  const timers: Array<{ run: () => void; ms: number }> = [];
  const element = (tag: string) => ({ tag }) as (typeof appended)[number];
  const document = {
    readyState: state.readyState ?? "interactive",
    visibilityState: state.visibilityState ?? "visible",
    prerendering: state.prerendering ?? false,
    createElement: element,
    querySelectorAll: () => (state.islands ?? []).map((name) => ({ getAttribute: () => name })),
    head: { appendChild: (child: (typeof appended)[number]) => appended.push(child) },
    body: { appendChild: (child: (typeof appended)[number]) => appended.push(child) },
  };
  const run = (code: string) =>
    new Function("document", "addEventListener", "requestAnimationFrame", "setTimeout", code)(
      document,
      (type: string, listener: () => void) => listeners.set(type, listener),
      (frame: () => void) => frames.push(frame),
      (timer: () => void, ms: number) => timers.push({ run: timer, ms }),
    );
  const requested = () =>
    appended.map((child) => (child.tag === "script" ? `script ${child.type} ${child.src}` : `${child.rel} ${child.href}`));
  /** Runs queued frames and zero-delay timers until nothing new is queued (the page's next frames). */
  const nextFrames = () => {
    for (let round = 0; round < 50 && (frames.length > 0 || timers.some((queued) => queued.ms === 0)); round++) {
      for (const frame of frames.splice(0)) frame();
      for (const timer of timers.filter((queued) => queued.ms === 0)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    }
  };
  return { run, listeners, timers, requested, nextFrames };
}

const ENTRY = "/assets/entry-a.js";
const CODE = startAfterFirstScreen(ENTRY, ["/assets/framework-b.js", "/assets/runtime-c.js"]);

describe("the page's JavaScript starts after the first screen", () => {
  it("requests nothing while the document loads; after the load event and two frames: the entry, then the preloads", () => {
    const page = browser();
    page.run(CODE);
    expect(page.requested()).toEqual([]);
    page.nextFrames();
    expect(page.requested()).toEqual([]);
    page.listeners.get("load")?.();
    page.nextFrames();
    expect(page.requested()).toEqual([
      `script module ${ENTRY}`,
      "modulepreload /assets/framework-b.js",
      "modulepreload /assets/runtime-c.js",
    ]);
    // Started once, whatever comes later.
    page.listeners.get("pointerdown")?.();
    for (const timer of page.timers) timer.run();
    expect(page.requested()).toHaveLength(3);
  });

  it("starts at once when the visitor reaches for the page first (pointer, key, touch, focus)", () => {
    for (const type of ["pointerdown", "keydown", "touchstart", "focusin"]) {
      const page = browser();
      page.run(CODE);
      page.listeners.get(type)?.();
      expect(page.requested()[0], type).toBe(`script module ${ENTRY}`);
    }
  });

  it("starts at once in a prerender or a background tab; after two frames when the document was already loaded", () => {
    for (const state of [{ prerendering: true }, { visibilityState: "hidden" }]) {
      const page = browser(state);
      page.run(CODE);
      expect(page.requested()[0], JSON.stringify(state)).toBe(`script module ${ENTRY}`);
    }
    const loaded = browser({ readyState: "complete" });
    loaded.run(CODE);
    expect(loaded.requested()).toEqual([]);
    loaded.nextFrames();
    expect(loaded.requested()[0]).toBe(`script module ${ENTRY}`);
  });

  it(`starts at the latest ${LATEST_START_MS} ms after the document was parsed, should the load event never come`, () => {
    const page = browser();
    page.run(CODE);
    const latest = page.timers.find((timer) => timer.ms === LATEST_START_MS);
    latest?.run();
    expect(page.requested()[0]).toBe(`script module ${ENTRY}`);
  });

  it("an islands page preloads the chunks of the islands in the document, each once, and nothing for unknown names", () => {
    const islands = {
      "site-header": ["/assets/header-d.js", "/assets/links-e.js"],
      carousel: ["/assets/links-e.js"],
      map: ["/assets/map-f.js"],
    };
    const page = browser({ islands: ["site-header", "carousel", "__proto__", "constructor", "nope"] });
    page.run(startAfterFirstScreen(ENTRY, ["/assets/framework-b.js"], islands));
    page.listeners.get("keydown")?.();
    page.nextFrames();
    expect(page.requested()).toEqual([
      `script module ${ENTRY}`,
      "modulepreload /assets/framework-b.js",
      "modulepreload /assets/header-d.js",
      "modulepreload /assets/links-e.js",
    ]);
  });

  it("inserts the entry in a task of its own, then the preloads two per task, so that twenty of them are no single long task", () => {
    const preloads = Array.from({ length: 5 }, (_, index) => `/assets/chunk-${index}.js`);
    const page = browser();
    page.run(startAfterFirstScreen(ENTRY, preloads));
    page.listeners.get("pointerdown")?.();
    expect(page.requested()).toEqual([`script module ${ENTRY}`]);
    const nextTask = () => {
      const zero = page.timers.filter((timer) => timer.ms === 0);
      expect(zero).toHaveLength(1);
      page.timers.splice(page.timers.indexOf(zero[0]!), 1);
      zero[0]!.run();
    };
    nextTask();
    expect(page.requested()).toEqual([`script module ${ENTRY}`, ...preloads.slice(0, 2).map((href) => `modulepreload ${href}`)]);
    nextTask();
    nextTask();
    expect(page.requested()).toEqual([`script module ${ENTRY}`, ...preloads.map((href) => `modulepreload ${href}`)]);
    expect(page.timers.filter((timer) => timer.ms === 0)).toHaveLength(0);
  });

  it("the build's paths are written as JSON that can end neither its string nor the inline script", () => {
    expect(startAfterFirstScreen('/assets/x"y.js', [])).toContain('s.src="/assets/x\\"y.js"');
    const hostile = startAfterFirstScreen("/assets/</script><script>alert(1)//.js", ["<!--"], { a: ["</script>"] });
    expect(hostile).not.toMatch(/<\/script|<!--/i);
    const page = browser();
    page.run(hostile);
    page.listeners.get("keydown")?.();
    page.nextFrames();
    expect(page.requested()).toEqual(["script module /assets/</script><script>alert(1)//.js", "modulepreload <!--"]);
  });
});
