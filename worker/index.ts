import { createApp } from "./app.ts";
import { STOCK_SYNC_CRON } from "./stock/stock-sync-cron.ts";

const app = createApp();

export default {
  fetch: app.fetch,
  // The queue consumer and the sweeper (CRM clients, retries, retention) load in the invocations
  // that run them: an isolate started for a page never evaluates them (docs/limits.md "Startup").
  /** LEAD_QUEUE and its dead-letter queue (wrangler.toml): CRM delivery, docs/leads.md. */
  queue: async (batch, env, ctx) => (await import("./leads/deliver-lead.ts")).handleLeadBatch(batch, env, ctx),
  /** The cron triggers (wrangler.toml): the stock sync every 15 minutes, the lead sweeper (re-enqueue, retention) every 5. */
  scheduled: (controller, env, ctx) =>
    ctx.waitUntil(
      controller.cron === STOCK_SYNC_CRON
        ? import("./stock/scheduled-stock-sync.ts").then(({ runScheduledStockSync }) => runScheduledStockSync(env))
        : import("./leads/lead-sweeper.ts").then(({ sweepLeads }) => sweepLeads(env)),
    ),
} satisfies ExportedHandler<Env>;
