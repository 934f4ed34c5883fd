import { readEnvVars, type EnvVars } from "../env.ts";
import { purgeSoldVehicles, recordFailedRun } from "../adapters/d1-stock-import.ts";
import { logLine } from "../log-line.ts";
import { MOBILEDE_SOURCE, mobileDeConfig, syncMobileDe } from "./stock-sync.ts";

/**
 * The cron trigger of the stock (wrangler.toml [triggers], stock-sync-cron.ts): every 15 minutes the mobile.de sync,
 * when MOBILEDE_CUSTOMERS is set (docs/stock-import.md "mobile.de"). A car sold in the DMS leaves
 * mobile.de and so the site within the interval. Each run is a row of stock_import_runs and one
 * JSON log line; a failing interface or a refused import changes nothing and is retried by the
 * next trigger. Then sold vehicles past STOCK_SOLD_RETENTION_DAYS are deleted.
 */
export async function runScheduledStockSync(env: Env, now = new Date()): Promise<void> {
  const vars = readEnvVars(env);
  try {
    await syncFromMobileDe(env, vars, now);
  } catch (error) {
    // D1 failing while planning or recording: nothing was applied; the next trigger tries again.
    console.warn(
      logLine("stock-sync", {
        source: MOBILEDE_SOURCE,
        outcome: "failed",
        message: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  // Sold vehicles past their retention go, whichever source sold them.
  try {
    const deleted = await purgeSoldVehicles(env.DB, now, vars.STOCK_SOLD_RETENTION_DAYS);
    if (deleted > 0) console.log(logLine("stock-retention", { deleted, days: vars.STOCK_SOLD_RETENTION_DAYS }));
  } catch (error) {
    console.warn(logLine("stock-retention", { outcome: "failed", message: error instanceof Error ? error.message : String(error) }));
  }
}

async function syncFromMobileDe(env: Env, vars: EnvVars, now: Date): Promise<void> {
  const config = mobileDeConfig(vars);
  if (config === null) return;
  if (typeof config === "string") {
    const runId = await recordFailedRun(env.DB, {
      source: MOBILEDE_SOURCE,
      trigger: "cron",
      startedAt: now,
      message: `nicht eingerichtet: ${config}`,
    });
    console.warn(logLine("stock-sync", { source: MOBILEDE_SOURCE, outcome: "misconfigured", runId, message: config }));
    return;
  }
  const outcome = await syncMobileDe(env.DB, env.REDIRECTS, config, { trigger: "cron", force: false, dryRun: false, now });
  if (!outcome.ok) {
    console.warn(logLine("stock-sync", { source: MOBILEDE_SOURCE, outcome: "failed", runId: outcome.runId, message: outcome.message }));
    return;
  }
  const { result } = outcome;
  const line = logLine("stock-sync", {
    source: MOBILEDE_SOURCE,
    outcome: result.outcome,
    runId: result.runId,
    ads: outcome.ads,
    added: result.added,
    changed: result.changed,
    sold: result.sold,
    rejected: result.rejected,
    unmapped: result.unmapped,
    message: result.message,
  });
  if (result.outcome === "applied") console.log(line);
  else console.warn(line);
}
