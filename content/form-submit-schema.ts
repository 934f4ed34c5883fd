import * as z from "zod";
import type { SubmitOutcome } from "./form-submit.ts";

/**
 * The lead pipeline's answers to a content form (the contract), checked with zod. Loaded
 * dynamically by content/form-submit.ts with the first submission, so zod stays off the first load.
 */

const AcceptedSchema = z.object({ status: z.literal("accepted"), leadId: z.string().min(1).max(200) });
const InvalidSchema = z.object({
  status: z.literal("invalid"),
  fieldErrors: z.record(z.string().max(300), z.string().trim().min(1).max(500)),
});
const RefusedSchema = z.object({ status: z.literal("refused"), message: z.string().trim().min(1).max(500) });

export function interpretLeadAnswer(status: number, answer: unknown): SubmitOutcome {
  if (status === 202) {
    const accepted = AcceptedSchema.safeParse(answer);
    return accepted.success ? { kind: "accepted", leadId: accepted.data.leadId } : { kind: "error" };
  }
  if (status === 422) {
    const invalid = InvalidSchema.safeParse(answer);
    return invalid.success ? { kind: "invalid", fieldErrors: new Map(Object.entries(invalid.data.fieldErrors)) } : { kind: "error" };
  }
  if (status >= 400 && status < 500) {
    const refused = RefusedSchema.safeParse(answer);
    return refused.success ? { kind: "refused", message: refused.data.message } : { kind: "error" };
  }
  return { kind: "error" };
}
