import type { Context } from "hono";
import * as z from "zod";
import type { AppEnv } from "./env.ts";
import { readCapped } from "./read-capped-body.ts";
import { logLine } from "./log-line.ts";
import { isolateCollection, isolateRecord } from "./isolate-state.ts";

/**
 * POST /csp-report: Content-Security-Policy violation reports from browsers, in
 * both formats — the classic `report-uri` body (`{"csp-report": {…}}`, application/csp-report) and
 * the Reporting API's (`[{type: "csp-violation", body: {…}}]`, application/reports+json). Each
 * distinct violation (directive and blocked origin) is logged once a minute per isolate as one
 * JSON line (worker/log-line.ts: what a browser, or anybody, sends cannot forge other lines);
 * bodies over 16 KB are refused (413), and an isolate takes at most REPORTS_PER_MINUTE (429
 * beyond). Nothing is stored; URLs are cut to their origin and path, so no query string (which may
 * carry personal data) reaches the log.
 */
export const CSP_REPORT_PATH = "/csp-report";
export const CSP_REPORT_LIMIT_BYTES = 16 * 1024;
export const REPORTS_PER_MINUTE = 120;

const Text = z.string().max(2_000).optional();
const ClassicSchema = z.object({
  "csp-report": z.looseObject({ "document-uri": Text, "violated-directive": Text, "effective-directive": Text, "blocked-uri": Text }),
});
const ReportingSchema = z
  .array(
    z.looseObject({ type: z.string(), body: z.looseObject({ documentURL: Text, effectiveDirective: Text, blockedURL: Text }).optional() }),
  )
  .max(50);

const rate = isolateRecord("csp reports window", () => ({ start: 0, count: 0 }));
const logged = isolateCollection("csp reports logged", new Map<string, number>());

function withoutQuery(value: string | undefined): string {
  if (!value) return "";
  if (!URL.canParse(value)) return value.slice(0, 40);
  const url = new URL(value);
  return `${url.origin}${url.pathname}`.slice(0, 200);
}

export async function cspReport(c: Context<AppEnv>): Promise<Response> {
  const now = Date.now();
  if (now - rate.start >= 60_000) {
    rate.start = now;
    rate.count = 0;
  }
  if (++rate.count > REPORTS_PER_MINUTE) return c.body(null, 429, { "Retry-After": "60" });
  const body = await readCapped(c.req.raw, CSP_REPORT_LIMIT_BYTES);
  if (body === null) return c.body(null, 413);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return c.json({ error: "Body must be a CSP report (JSON)." }, 400);
  }
  const classic = ClassicSchema.safeParse(json);
  const reporting = classic.success ? null : ReportingSchema.safeParse(json);
  const violations = classic.success
    ? [
        {
          directive: classic.data["csp-report"]["effective-directive"] ?? classic.data["csp-report"]["violated-directive"],
          blocked: classic.data["csp-report"]["blocked-uri"],
          page: classic.data["csp-report"]["document-uri"],
        },
      ]
    : reporting?.success
      ? reporting.data.flatMap((report) =>
          report.type === "csp-violation" && report.body
            ? [{ directive: report.body.effectiveDirective, blocked: report.body.blockedURL, page: report.body.documentURL }]
            : [],
        )
      : null;
  if (violations === null) return c.json({ error: "Body must be a CSP report (JSON)." }, 400);
  for (const violation of violations) {
    const line = logLine("csp-violation", {
      directive: (violation.directive ?? "?").slice(0, 60),
      blocked: withoutQuery(violation.blocked) || "?",
      page: withoutQuery(violation.page) || "?",
    });
    const last = logged.get(line);
    if (last !== undefined && now - last < 60_000) continue;
    if (logged.size > 500) logged.clear();
    logged.set(line, now);
    console.warn(line);
  }
  return c.body(null, 204);
}
