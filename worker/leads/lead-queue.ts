import * as z from "zod";
import { clearQueued, markQueued } from "./lead-store.ts";

/** Queue names as in wrangler.toml's top level; each deployment adds its own suffix ("-staging"). */
export const LEAD_QUEUE_NAME = "dealership-leads";
export const LEAD_DEAD_LETTER_QUEUE_NAME = "dealership-leads-dead";

/** Whether a batch comes from a dead-letter queue: the local one or a deployment's (`dealership-leads-dead-{env}`). */
export function isDeadLetterQueue(queue: string): boolean {
  return queue === LEAD_DEAD_LETTER_QUEUE_NAME || (queue.startsWith(`${LEAD_DEAD_LETTER_QUEUE_NAME}-`) && /^[a-z0-9-]+$/.test(queue));
}

/** A queue message names the lead only: personal data stays in D1. */
export const LeadMessageSchema = z.object({ leadId: z.uuid() });
export type LeadMessage = z.infer<typeof LeadMessageSchema>;

async function sendLeadMessages(env: Env, leadIds: string[]): Promise<boolean> {
  try {
    await env.LEAD_QUEUE.sendBatch(leadIds.map((leadId) => ({ body: { leadId } satisfies LeadMessage, contentType: "json" })));
    return true;
  } catch (error) {
    console.warn(
      `lead queue send failed (${leadIds.length} leads stay pending for the sweeper): ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}

/**
 * Hands a new lead to the queue. Its row was inserted with queued_at set (one D1 write less per
 * lead); a failed send clears it, so the cron sweeper sends the lead again. If even that write
 * fails, the sweeper's staleness rule finds the lead a few hours later: it is safe in D1.
 */
export async function enqueueNewLead(env: Env, leadId: string): Promise<void> {
  if (await sendLeadMessages(env, [leadId])) return;
  await clearQueued(env.DB, leadId).catch((error: unknown) =>
    console.warn(`lead ${leadId}: queued_at not cleared: ${error instanceof Error ? error.message : String(error)}`),
  );
}

/** Sends leads the sweeper found (at most 100, the sendBatch limit) and notes when. */
export async function requeueLeads(env: Env, leadIds: string[], now: number): Promise<boolean> {
  if (leadIds.length === 0 || !(await sendLeadMessages(env, leadIds))) return false;
  // A failure here only costs a second message later; the consumer's claim prevents a double delivery.
  await markQueued(env.DB, leadIds, now).catch((error: unknown) =>
    console.warn(`lead queued_at not recorded: ${error instanceof Error ? error.message : String(error)}`),
  );
  return true;
}
