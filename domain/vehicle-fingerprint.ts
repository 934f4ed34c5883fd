/**
 * A digest of everything the site shows of a vehicle, for the stock import to tell a changed
 * vehicle from an unchanged one without reading its document (docs/stock-import.md). The JSON is
 * canonical (keys sorted at every level), so a source adapter and the seed that build the same
 * vehicle with their fields in a different order agree. Not a security hash: a 53-bit digest
 * (cyrb53) is plenty to notice a change among a few thousand vehicles, and it is synchronous.
 */
export function vehicleFingerprint(vehicle: object): string {
  // The id is the site's number for the vehicle, not something its source says: a feed's
  // vehicle has none until the import gives it one, and must match its stocked self.
  const { id: _id, ...shown } = vehicle as Record<string, unknown>;
  return cyrb53(canonicalJson(shown)).toString(36);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** cyrb53 (bryc, public domain): a fast 53-bit string hash with good spread. */
function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The fingerprint the stock keeps (`vehicle_sources.fingerprint`): the vehicle and its colour family,
 * which the carfinder filters by but the document does not hold, so a change of the family alone is
 * written too.
 */
export function stockFingerprint(vehicle: object, colorKey: string): string {
  return vehicleFingerprint({ ...vehicle, colorKey });
}
