import { createApp } from "./app.ts";
import { handleLeadBatch } from "./leads/deliver-lead.ts";
import { sweepLeads } from "./leads/lead-sweeper.ts";

const app = createApp();

export default {
  fetch: app.fetch,
  /** LEAD_QUEUE and its dead-letter queue (wrangler.toml): CRM delivery, docs/leads.md. */
  queue: (batch, env, ctx) => handleLeadBatch(batch, env, ctx),
  /** The cron trigger: lead sweeper (re-enqueue, retention). */
  scheduled: (_controller, env, ctx) => ctx.waitUntil(sweepLeads(env)),
} satisfies ExportedHandler<Env>;
