import { expect, it } from "vitest";
import { claimReload, isChunkLoadError, RELOAD_GUARD_MS } from "./reload-guard.ts";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
}

it("reloads at most once per path within 10 s", () => {
  const storage = memoryStorage();
  expect(claimReload("/carfinder", storage, 1_000)).toBe(true);
  expect(claimReload("/carfinder", storage, 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
  expect(claimReload("/impressum", storage, 2_000)).toBe(true);
  expect(claimReload("/carfinder", storage, 1_000 + RELOAD_GUARD_MS)).toBe(true);
});

it("recognises chunk-load failures of Chromium, Firefox and Safari", () => {
  expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
  expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
  expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
  expect(isChunkLoadError(new Error("Vehicle not found"))).toBe(false);
});
