import * as z from "zod";
import { LEAD_REFUSAL_REASONS, type LeadOutcome } from "./lead-outcome.ts";

/**
 * The body of every POST /api/leads answer (202, 422, 4xx, 503), for the browser port: parse
 * the answer with it instead of trusting the network.
 */
export const LeadResponseSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("accepted"), leadId: z.string().min(1).max(64), reference: z.string().min(1).max(32) }),
  z.object({ status: z.literal("invalid"), fieldErrors: z.record(z.string(), z.string()) }),
  z.object({ status: z.literal("refused"), reason: z.enum(LEAD_REFUSAL_REASONS), message: z.string() }),
]) satisfies z.ZodType<LeadOutcome>;
