import { createApp } from "./app.ts";

const app = createApp();

export default {
  fetch: app.fetch,
  // The queue consumer and the sweeper (CRM clients, retries, retention) load in the invocations
  // that run them: an isolate started for a page never evaluates them (docs/limits.md "Startup").
  /** LEAD_QUEUE and its dead-letter queue (wrangler.toml): CRM delivery, docs/leads.md. */
  queue: async (batch, env, ctx) => (await import("./leads/deliver-lead.ts")).handleLeadBatch(batch, env, ctx),
  /** The cron trigger: lead sweeper (re-enqueue, retention). */
  scheduled: (_controller, env, ctx) => ctx.waitUntil(import("./leads/lead-sweeper.ts").then(({ sweepLeads }) => sweepLeads(env))),
} satisfies ExportedHandler<Env>;
