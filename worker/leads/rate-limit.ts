/**
 * Per-IP rate limit of stored leads (issue 8 item 3). Only an HMAC of the IP is kept, one row
 * per lead, for a day (the sweeper deletes older rows). Check and count are one statement, so
 * concurrent requests of one IP cannot all slip through between a read and a write.
 */
export async function takeRateLimitSlot(
  db: D1Database,
  ipHash: string,
  now: number,
  limit: { max: number; windowSeconds: number },
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO lead_rate_limit (ip_hash, at)
       SELECT ?1, ?2 WHERE (SELECT COUNT(*) FROM lead_rate_limit WHERE ip_hash = ?1 AND at > ?3) < ?4`,
    )
    .bind(ipHash, now, now - limit.windowSeconds * 1000, limit.max)
    .run();
  return result.meta.changes === 1;
}

/** Rows older than this are no longer needed by any window. */
export const RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000;
