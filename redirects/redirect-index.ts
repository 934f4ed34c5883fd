import * as z from "zod";
import { firstSegment } from "./normalize-path.ts";

/**
 * The lookup filter kept under `redirect-index:first-segments` (kv-layout.ts): which request
 * paths may have a legacy entry, so the others never read KV. Two formats, chosen by size
 * (ADR 0021, measured in bench/redirect-scale.ts):
 *
 * - up to MAX_LISTED_SEGMENTS distinct first segments: the sorted JSON array of first segments
 *   (ADR 0003's format, unchanged: 64 segments today, 1 KB);
 * - beyond that: a Bloom filter over the full normalised keys,
 *   `{"format":"bloom","keys":N,"bits":M,"hashes":K,"filter":"<base64>"}` — about 1.2 bytes
 *   per key at 1 % false positives (100,000 keys: 160 KB of JSON, decoded in about a
 *   millisecond), where a list of 100,000 segments would be 2.7 MB and 80 ms to parse.
 *
 * Both formats answer "maybe" for every key they were built from (no false negatives), which is
 * all the write planner's invariant "index ⊇ entries" needs.
 *
 * @example
 * const value = buildRedirectIndexValue(["/angebote", "/ansprechpartner/max-muster"]);
 * // '["angebote","ansprechpartner"]'
 * const filter = parseRedirectIndex(JSON.parse(value));
 * filter?.mayContain("/ansprechpartner/erika");   // true (same first segment)
 * filter?.mayContain("/carfinder");               // false: no KV read
 */

/** Above this many distinct first segments the index becomes a Bloom filter over the keys. */
export const MAX_LISTED_SEGMENTS = 1_000;

/** Target false-positive rate of the Bloom format: 1 in 100 non-legacy paths pays a KV read. */
export const BLOOM_FALSE_POSITIVE_RATE = 0.01;

/** Distinct first segments of all table keys, sorted; "" stands for an entry on "/". */
export const RedirectPrefixIndexSchema = z.array(z.string()).refine((segments) => new Set(segments).size === segments.length, {
  error: "first-segment index lists a segment twice",
});

export type RedirectPrefixIndex = z.infer<typeof RedirectPrefixIndexSchema>;

export const RedirectBloomIndexSchema = z.strictObject({
  format: z.literal("bloom"),
  keys: z.number().int().nonnegative(),
  bits: z.number().int().positive().multipleOf(8),
  hashes: z.number().int().min(1).max(32),
  filter: z.base64(),
});

export type RedirectBloomIndex = z.infer<typeof RedirectBloomIndexSchema>;

/** What the worker asks the index. */
export interface RedirectLookupFilter {
  mayContain(key: string): boolean;
}

/** The index value (JSON text) for a set of normalised keys: deterministic, so equal sets give equal text. */
export function buildRedirectIndexValue(keys: Iterable<string>): string {
  const keyList = [...new Set(keys)];
  const segments = [...new Set(keyList.map(firstSegment))].sort();
  if (segments.length <= MAX_LISTED_SEGMENTS) return JSON.stringify(segments);
  return JSON.stringify(buildBloomIndex(keyList));
}

/** Reads either format (the old array is always readable); null for anything else. */
export function parseRedirectIndex(raw: unknown): RedirectLookupFilter | null {
  const list = RedirectPrefixIndexSchema.safeParse(raw);
  if (list.success) {
    const segments = new Set(list.data);
    return { mayContain: (key) => segments.has(firstSegment(key)) };
  }
  const bloom = RedirectBloomIndexSchema.safeParse(raw);
  if (!bloom.success) return null;
  const bytes = base64ToBytes(bloom.data.filter);
  if (bytes.length * 8 !== bloom.data.bits) return null;
  const { bits, hashes } = bloom.data;
  return { mayContain: (key) => bloomHas(bytes, bits, hashes, key) };
}

export function buildBloomIndex(keys: readonly string[]): RedirectBloomIndex {
  const n = Math.max(keys.length, 1);
  // m = -n ln p / (ln 2)^2, k = m/n ln 2 (the textbook optimum).
  const bits = Math.max(64, Math.ceil((-n * Math.log(BLOOM_FALSE_POSITIVE_RATE)) / Math.LN2 ** 2 / 8) * 8);
  const hashes = Math.min(32, Math.max(1, Math.round((bits / n) * Math.LN2)));
  const bytes = new Uint8Array(bits / 8);
  for (const key of keys) {
    const [h1, h2] = keyHashes(key);
    for (let i = 0; i < hashes; i++) {
      const bit = (h1 + Math.imul(i, h2)) >>> 0;
      const index = bit % bits;
      bytes[index >>> 3] = (bytes[index >>> 3] ?? 0) | (1 << (index & 7));
    }
  }
  return { format: "bloom", keys: keys.length, bits, hashes, filter: bytesToBase64(bytes) };
}

function bloomHas(bytes: Uint8Array, bits: number, hashes: number, key: string): boolean {
  const [h1, h2] = keyHashes(key);
  for (let i = 0; i < hashes; i++) {
    const index = ((h1 + Math.imul(i, h2)) >>> 0) % bits;
    if (((bytes[index >>> 3] ?? 0) & (1 << (index & 7))) === 0) return false;
  }
  return true;
}

/**
 * Two 32-bit hashes of the key's UTF-16 code units (FNV-1a with two offsets, each finished with
 * murmur3's fmix32) for double hashing (Kirsch–Mitzenmacher). The second is odd so it never
 * degenerates to one probe.
 */
function keyHashes(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9e3779b9;
  for (let i = 0; i < key.length; i++) {
    const unit = key.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x01000193);
  }
  return [fmix32(a), fmix32(b) | 1];
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
