import { z } from "zod";
import { markQueued } from "./lead-store.ts";

/** Queue names as in wrangler.toml. */
export const LEAD_QUEUE_NAME = "dealership-leads";
export const LEAD_DEAD_LETTER_QUEUE_NAME = "dealership-leads-dead";

/** A queue message names the lead only: personal data stays in D1. */
export const LeadMessageSchema = z.object({ leadId: z.uuid() });
export type LeadMessage = z.infer<typeof LeadMessageSchema>;

/**
 * Hands leads to the queue and notes when. A failed send leaves queued_at NULL, and the cron
 * sweeper sends those leads again: the lead is already safe in D1.
 */
export async function enqueueLeads(env: Env, leadIds: string[], now: number): Promise<boolean> {
  if (leadIds.length === 0) return true;
  try {
    await env.LEAD_QUEUE.sendBatch(leadIds.map((leadId) => ({ body: { leadId } satisfies LeadMessage, contentType: "json" })));
  } catch (error) {
    console.warn(`lead queue send failed (${leadIds.length} leads stay pending for the sweeper): ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  try {
    await markQueued(env.DB, leadIds, now);
  } catch (error) {
    // Only costs a second message later; the consumer's claim prevents a double delivery.
    console.warn(`lead queued_at not recorded: ${error instanceof Error ? error.message : String(error)}`);
  }
  return true;
}
