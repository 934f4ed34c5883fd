/**
 * A new build or a chunk-load failure reloads the page at most once per path within
 * 10 s (spec sections 4 and 9: reload guard 10000 ms), so a broken deploy cannot loop.
 */
export const RELOAD_GUARD_MS = 10_000;
const KEY_PREFIX = "reload-guard:";

export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Returns true (and records the time) when a reload of `path` is allowed now. */
export function claimReload(path: string, storage: GuardStorage, now = Date.now()): boolean {
  const key = `${KEY_PREFIX}${path}`;
  const stored = storage.getItem(key);
  const last = stored === null ? Number.NaN : Number(stored);
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  return true;
}

export function reloadOnce(path: string): boolean {
  let storage: GuardStorage;
  try {
    storage = window.sessionStorage;
  } catch {
    return false; // storage blocked: never risk a reload loop
  }
  if (!claimReload(path, storage)) return false;
  window.location.assign(path);
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(
    message,
  );
}
