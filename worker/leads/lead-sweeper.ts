import { readSiteSettings } from "../site-settings.ts";
import { readEnvVars } from "../env.ts";
import { crmTargetOf } from "./deliver-lead.ts";
import { requeueLeads } from "./lead-queue.ts";
import { mailConfigOf } from "./mail-channel.ts";
import { deleteLeads, findExpiredLeads, findLeadsToRequeue, purgeRateLimit, releaseHeldLeads } from "./lead-store.ts";
import { RATE_LIMIT_KEEP_MS } from "./rate-limit.ts";
import { MAX_RETRY_DELAY_SECONDS } from "./retry-policy.ts";

/** A lead normally reaches the queue within a second; after this the sweeper sends it. */
export const UNQUEUED_GRACE_MS = 5 * 60 * 1000;
/** Longer than the longest retry delay: a pending lead untouched this long has lost its message. */
export const STALE_PENDING_MS = 3 * MAX_RETRY_DELAY_SECONDS * 1000;
/** Queue sendBatch takes at most 100 messages. */
const BATCH = 100;
const MAX_BATCHES_PER_RUN = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SweepResult {
  released: number;
  requeued: number;
  deleted: number;
  rateLimitRowsPurged: number;
}

/**
 * The cron trigger (wrangler.toml, every 5 minutes): re-enqueues pending leads the queue never
 * got, releases held leads once a CRM or e-mail is configured, deletes leads and photos past
 * LEAD_RETENTION_DAYS and rate-limit rows past a day. Each part fails on its own.
 */
export async function sweepLeads(env: Env, now: number = Date.now(), hubspotFlag?: boolean): Promise<SweepResult> {
  const hubspot = hubspotFlag ?? (await readSiteSettings(env.REDIRECTS, () => undefined)).settings.config.hubspot;
  const vars = readEnvVars(env);
  const result: SweepResult = { released: 0, requeued: 0, deleted: 0, rateLimitRowsPurged: 0 };
  await part("release held leads", async () => {
    if (crmTargetOf(vars, hubspot) || mailConfigOf(env, vars)) result.released = await releaseHeldLeads(env.DB, now);
  });
  await part("re-enqueue pending leads", async () => {
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const ids = await findLeadsToRequeue(env.DB, now, result.released > 0 ? 0 : UNQUEUED_GRACE_MS, STALE_PENDING_MS, BATCH);
      if (!(await requeueLeads(env, ids, now))) break;
      result.requeued += ids.length;
      if (ids.length < BATCH) break;
    }
  });
  await part("delete expired leads", async () => {
    const cutoff = now - vars.LEAD_RETENTION_DAYS * DAY_MS;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const expired = await findExpiredLeads(env.DB, cutoff, BATCH);
      if (expired.ids.length === 0) break;
      // Files first: a failure here keeps the rows, so the next run finds the files again.
      if (expired.objectKeys.length > 0) await env.LEAD_FILES.delete(expired.objectKeys);
      result.deleted += await deleteLeads(env.DB, expired.ids);
      if (expired.ids.length < BATCH) break;
    }
  });
  await part("purge rate-limit rows", async () => {
    result.rateLimitRowsPurged = await purgeRateLimit(env.DB, now - RATE_LIMIT_KEEP_MS);
  });
  if (result.released + result.requeued + result.deleted > 0) console.info(`lead sweeper: ${JSON.stringify(result)}`);
  return result;
}

async function part(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    console.warn(`lead sweeper: ${name} failed, next run tries again: ${error instanceof Error ? error.message : String(error)}`);
  }
}
