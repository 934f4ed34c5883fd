import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

const flushMicrotasks = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

it("the stored lists are read in a task after the mount's effects, not in the same one", async () => {
  vi.useFakeTimers();
  vi.stubGlobal("window", {
    localStorage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    location: { protocol: "https:" },
    addEventListener: () => {},
  });
  vi.stubGlobal("document", { cookie: "" });
  const { startBrowserSync, vehicleListStore } = await import("./vehicle-lists.ts");
  startBrowserSync();
  // Reading enables every checkbox of the page in one synchronous re-render: joined to the mount's
  // effects (and their microtasks) that made one long task on a results page.
  await flushMicrotasks();
  expect(vehicleListStore("compare").getState().hydrated).toBe(false);
  expect(vehicleListStore("favourites").getState().hydrated).toBe(false);
  vi.runAllTimers();
  await flushMicrotasks();
  expect(vehicleListStore("compare").getState().hydrated).toBe(true);
  expect(vehicleListStore("favourites").getState().hydrated).toBe(true);
});
