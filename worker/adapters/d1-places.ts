import * as z from "zod";
import { PlaceMatchSchema, type PlaceMatch } from "#domain/data-schemas.ts";
import type { DataPorts } from "#routes/ports.ts";

/**
 * The nearest-center search's place data (migration 0006; kv-seed/geo/README.md): German postal
 * codes and places with a coordinate, so no geocoding service sees visitors' input. A place name
 * is looked up by its key (domain/geo.ts placeKey); a key no place has exactly falls back to the
 * most populous place it begins ("lueb" → Lübeck), so a visitor who stops typing early still
 * gets an answer.
 */
const PostalRowSchema = z.object({ code: z.string(), place: z.string(), latitude: z.number(), longitude: z.number() });
const PlaceRowSchema = z.object({ name: z.string(), latitude: z.number(), longitude: z.number() });

/** LIKE's wildcards in a visitor's key are matched literally. */
function likePrefix(key: string): string {
  return `${key.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function d1Places(db: D1Database): DataPorts["places"] {
  return {
    async locate(query): Promise<PlaceMatch | null> {
      if (query.kind === "postal") {
        const row = await db.prepare("SELECT code, place, latitude, longitude FROM postal_codes WHERE code = ?").bind(query.code).first();
        if (!row) return null;
        const postal = PostalRowSchema.parse(row);
        return PlaceMatchSchema.parse({ label: `${postal.code} ${postal.place}`, latitude: postal.latitude, longitude: postal.longitude });
      }
      if (query.key.length === 0) return null;
      const row =
        (await db.prepare("SELECT name, latitude, longitude FROM places WHERE key = ?").bind(query.key).first()) ??
        (query.key.length >= 3
          ? await db
              .prepare("SELECT name, latitude, longitude FROM places WHERE key LIKE ? ESCAPE '\\' ORDER BY population DESC LIMIT 1")
              .bind(likePrefix(query.key))
              .first()
          : null);
      if (!row) return null;
      const place = PlaceRowSchema.parse(row);
      return PlaceMatchSchema.parse({ label: place.name, latitude: place.latitude, longitude: place.longitude });
    },
  };
}
