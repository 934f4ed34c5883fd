/**
 * TOOLCHAIN.md "Wrangler offline": no telemetry, no banner (its update check waits 3 s on the
 * network) and no download of the `Request.cf` object by miniflare. The one copy: scripts/offline.ts
 * sets it for every npm script, and whatever spawns wrangler itself (the local state opener here,
 * playwright.config.ts, bench/, the ops scripts, the redirect CLI's test) imports it.
 */
export const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
} as const;
