import { readEnvVars } from "../env.ts";

/**
 * A lead the pipeline gave up on is an error someone must act on (docs/leads.md "Dead leads"):
 * logged as an error and, with SENTRY_DSN, sent to the error tracker. No personal data in it.
 */
export function reportLeadProblem(env: Env, ctx: ExecutionContext, message: string): void {
  console.error(message);
  const vars = readEnvVars(env);
  if (!vars.SENTRY_DSN || !vars.environmentConfigured) return;
  // toucan-js (with Sentry's core, 130 KB) loads with the first report, not at every startup.
  const dsn = vars.SENTRY_DSN;
  ctx.waitUntil(
    import("toucan-js").then(({ Toucan }) => {
      const sentry = new Toucan({ dsn, environment: vars.ENVIRONMENT, context: ctx });
      sentry.setTag("area", "leads");
      sentry.captureMessage(message, "error");
    }),
  );
}
