import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

it("resolves once per page, on the first idle period, and marks it for the first-load budget test", async () => {
  vi.useFakeTimers();
  const mark = vi.spyOn(performance, "mark");
  const { FIRST_IDLE_MARK, whenIdle } = await import("./when-idle.ts");
  const first = whenIdle();
  expect(whenIdle()).toBe(first);
  let done = false;
  void first.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(1000);
  expect(done).toBe(false);
  await vi.advanceTimersByTimeAsync(600); // no requestIdleCallback here: the 1.5 s stand-in
  expect(done).toBe(true);
  expect(mark).toHaveBeenCalledExactlyOnceWith(FIRST_IDLE_MARK);
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
