import { reloadOnce } from "./reload-guard.ts";

/** The manifest's one field, checked by hand: this module is in the entry chunk (ADR 0006). */
function buildIdOf(value: unknown): string | null {
  return typeof value === "object" && value !== null && typeof (value as { buildId?: unknown }).buildId === "string"
    ? (value as { buildId: string }).buildId
    : null;
}
const CHECK_INTERVAL_MS = 60_000;

/**
 * Detects a new deployment (spec section 7: latest-build manifest with timestamp query).
 * Checked at most once a minute, on navigation; when the build changed, the navigation
 * becomes a full page load so the visitor gets the new code.
 */
/** `loadedAt`: when the page loaded (the first check is due a minute after it, not after this call). */
export function createBuildWatcher(currentBuildId: string, loadedAt = Date.now()) {
  let lastCheck = loadedAt;
  let stale = false;
  async function check(): Promise<void> {
    if (stale || Date.now() - lastCheck < CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    try {
      const response = await fetch(`/_build/latest.json?t=${lastCheck}`, { cache: "no-store" });
      if (!response.ok) return;
      const latest = buildIdOf(await response.json());
      stale = latest !== null && latest !== currentBuildId;
    } catch {
      // offline or a missing manifest only logs (spec section 8)
      console.warn("Build manifest check failed");
    }
  }
  return {
    check,
    /** Called with the path of a finished navigation: reloads it once when the build is stale. */
    reloadIfStale(path: string): void {
      if (stale) reloadOnce(path);
    },
  };
}
