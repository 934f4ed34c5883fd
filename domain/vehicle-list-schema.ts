import * as z from "zod";
import { LIST_LIMITS, normaliseEntries, type VehicleListEntry, type VehicleListKind } from "./vehicle-list-rules.ts";

/**
 * What a list may look like in localStorage. Anything else (edited by hand, written by an old or
 * hostile script) is discarded and the list starts empty. Loaded lazily by ui/carfinder/vehicle-lists.ts, so zod
 * is not part of a page's first-load JavaScript.
 */
const VehicleListEntrySchema = z.object({
  id: z.number().int().positive().max(999_999_999_999),
  title: z.string().trim().min(1).max(300),
  addedAt: z.number().int().nonnegative(),
});

/** The envelope zustand's persist middleware writes: `{ state, version }`. */
function storedListSchema(kind: VehicleListKind) {
  return z.object({
    state: z.object({ entries: z.array(VehicleListEntrySchema).max(LIST_LIMITS[kind]) }),
    version: z.number().int(),
  });
}

/** The entries of a stored list, or null when the stored value does not follow the rules. */
export function parseStoredList(kind: VehicleListKind, value: unknown): { entries: VehicleListEntry[]; version: number } | null {
  const parsed = storedListSchema(kind).safeParse(value);
  if (!parsed.success) return null;
  return { entries: normaliseEntries(parsed.data.state.entries), version: parsed.data.version };
}
