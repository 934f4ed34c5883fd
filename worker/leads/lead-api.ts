import { Hono, type Context } from "hono";
import { leadOutcomeStatus, leadRefusal, type LeadOutcome } from "#domain/lead-outcome.ts";
import type { AppEnv } from "../env.ts";
import { isCrossSite, leadRequestMeta } from "./lead-request-meta.ts";
import { readLeadBody } from "./read-lead-body.ts";
import { serveLeadFile } from "./lead-file-links.ts";

const NO_STORE = { "Cache-Control": "no-store" };

function answer(c: Context<AppEnv>, outcome: LeadOutcome, status = leadOutcomeStatus(outcome)): Response {
  return c.json(outcome, status as 202, NO_STORE);
}

/**
 * /api/leads (mounted by worker/api/api-routes.ts): POST a lead as JSON or multipart (ADR 0011);
 * GET a photo through a signed, time-limited link (for the CRM). Other methods: 405 with Allow.
 */
export function leadRoutes() {
  const leads = new Hono<AppEnv>();

  leads.post("/", async (c) => {
    const meta = leadRequestMeta(c.req.raw, c.get("vars"));
    // Before reading a byte of the body: a cross-site post is refused as such.
    if (isCrossSite(meta)) return answer(c, leadRefusal("cross_site"));
    let body: Awaited<ReturnType<typeof readLeadBody>>;
    try {
      body = await readLeadBody(c.req.raw);
    } catch {
      return answer(c, leadRefusal("malformed"));
    }
    if (!body.ok) return answer(c, leadRefusal(body.reason), body.unsupportedType ? 415 : undefined);
    // The lead pipeline (schemas, checks, store, queue) loads with the first lead an isolate takes.
    const { acceptLead } = await import("./accept-lead.ts");
    const outcome = await acceptLead(c.env, body.input, meta, {
      waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      files: body.files,
    });
    return answer(c, outcome);
  });
  leads.all("/", (c) => c.json({ error: "Method not allowed. Use POST." }, 405, { Allow: "POST" }));

  leads.get("/files/:leadId/:position", serveLeadFile);
  leads.all("/files/:leadId/:position", (c) => c.json({ error: "Method not allowed. Use GET." }, 405, { Allow: "GET, HEAD" }));
  return leads;
}
