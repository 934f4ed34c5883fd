/**
 * Per-IP rate limit of stored leads. Only an HMAC of the IP is kept, one row
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

const HEXTET = /^[0-9a-f]{1,4}$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** An IPv6 address as its eight 16-bit groups, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups: number[] = [];
    for (const part of half.split(":")) {
      const v4 = IPV4.exec(part);
      if (v4) {
        const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
        if ([a, b, c, d].some((octet) => octet > 255)) return null;
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (HEXTET.test(part)) groups.push(Number.parseInt(part, 16));
      else return null;
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...tail];
}

/**
 * Whom the per-IP limit counts a lead against. An IPv4 address is one visitor; an IPv6 visitor is
 * given a whole /64 (one home or phone network gets 2^64 addresses to choose from), so every
 * address in it counts as one. IPv4-mapped IPv6 addresses count as their IPv4 address.
 *
 * @example
 * rateLimitSubject("192.0.2.7")                 // "192.0.2.7"
 * rateLimitSubject("2001:db8:1:2::1")           // "2001:db8:1:2::/64"
 * rateLimitSubject("2001:DB8:1:2:aaaa:0:0:2")   // "2001:db8:1:2::/64"
 * rateLimitSubject("::ffff:192.0.2.7")          // "192.0.2.7"
 */
export function rateLimitSubject(ip: string): string {
  const address = ip.trim().split("%")[0] ?? "";
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (groups === null) return address.toLowerCase();
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
