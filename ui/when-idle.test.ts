import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

it("resolves on the first idle period and marks it, once per page, for the first-load budget test", async () => {
  vi.useFakeTimers();
  const mark = vi.spyOn(performance, "mark");
  const { FIRST_IDLE_MARK, whenIdle } = await import("./when-idle.ts");
  let done = false;
  void whenIdle().then(() => (done = true));
  await vi.advanceTimersByTimeAsync(1000);
  expect(done).toBe(false);
  await vi.advanceTimersByTimeAsync(600); // no requestIdleCallback here: the 1.5 s stand-in
  expect(done).toBe(true);
  const later = whenIdle();
  await vi.advanceTimersByTimeAsync(1);
  await later;
  expect(mark).toHaveBeenCalledExactlyOnceWith(FIRST_IDLE_MARK);
});

it("the first caller runs in the first idle callback, every later one in an idle callback of its own", async () => {
  const callbacks: Array<() => void> = [];
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => callbacks.push(callback));
  try {
    const { whenIdle } = await import("./when-idle.ts");
    const done: string[] = [];
    for (const caller of ["entry", "section", "toggles"]) void whenIdle().then(() => done.push(caller));
    const nextIdleCallback = async () => {
      await vi.waitFor(() => expect(callbacks.length).toBeGreaterThan(0));
      callbacks.shift()!();
      await Promise.resolve();
      await Promise.resolve();
    };
    await nextIdleCallback();
    expect(done).toEqual(["entry"]);
    await nextIdleCallback();
    expect(done).toEqual(["entry", "section"]);
    await nextIdleCallback();
    expect(done).toEqual(["entry", "section", "toggles"]);
    // A caller after the first idle period gets one of its own too.
    void whenIdle().then(() => done.push("chat"));
    await Promise.resolve();
    expect(done).toHaveLength(3);
    await nextIdleCallback();
    expect(done).toEqual(["entry", "section", "toggles", "chat"]);
  } finally {
    vi.unstubAllGlobals();
  }
});

it("waits for the gate the islands entry sets before counting the idle period", async () => {
  vi.useFakeTimers();
  const { deferIdleUntil, whenIdle } = await import("./when-idle.ts");
  let hydrate!: () => void;
  deferIdleUntil(new Promise<void>((resolve) => (hydrate = resolve)));
  let done = false;
  void whenIdle().then(() => (done = true));
  await vi.advanceTimersByTimeAsync(5000);
  expect(done).toBe(false);
  hydrate();
  await vi.advanceTimersByTimeAsync(1600);
  expect(done).toBe(true);
});

it("a failed gate still lets the idle period come", async () => {
  vi.useFakeTimers();
  const { deferIdleUntil, whenIdle } = await import("./when-idle.ts");
  deferIdleUntil(Promise.reject(new Error("an island failed")));
  let done = false;
  void whenIdle().then(() => (done = true));
  await vi.advanceTimersByTimeAsync(1600);
  expect(done).toBe(true);
});

it("in a page Chrome prerenders, waits for the visitor to open it: a prerender never shown fetches nothing", async () => {
  vi.useFakeTimers();
  const page = Object.assign(new EventTarget(), { prerendering: true });
  vi.stubGlobal("document", page);
  try {
    const { whenIdle } = await import("./when-idle.ts");
    let done = false;
    void whenIdle().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(done).toBe(false);
    page.prerendering = false;
    page.dispatchEvent(new Event("prerenderingchange"));
    await vi.advanceTimersByTimeAsync(1600);
    expect(done).toBe(true);
  } finally {
    vi.unstubAllGlobals();
  }
});
