import { routeLookupKvKey } from "#redirects/kv-layout.ts";
import { normalizeRedirectKey } from "#redirects/normalize-path.ts";
import { checkLookupTarget } from "#redirects/redirect-target.ts";
import { RouteLookupSchema, type RouteLookup } from "#domain/route-lookup-schema.ts";
import type { DataPorts } from "#routes/ports.ts";
import { REDIRECT_CACHE_TTL_SECONDS } from "./kv-redirect-store.ts";
import { failOpen } from "./dependency-failures.ts";

/**
 * Redirect rule 3, the server route lookup: one KV get by exact normalised path. Ops can edit KV
 * by hand, so a target is checked like a redirect table's (checkLookupTarget): one that would
 * leave the site by a trick ("//evil.example/", "/\\evil", javascript:) is dropped, never followed;
 * the entry's middleware settings still apply.
 */
export function kvRouteLookup(kv: KVNamespace): DataPorts["routeLookup"] {
  return {
    async lookup(path): Promise<RouteLookup | null> {
      const key = normalizeRedirectKey(path);
      if (key === null) return null;
      // KV down: no lookup entry, the path renders as it is (dependency-failures.ts).
      const raw = await failOpen(
        "KV: route lookup",
        () => kv.get(routeLookupKvKey(key), { type: "json", cacheTtl: REDIRECT_CACHE_TTL_SECONDS }),
        null,
      );
      const parsed = RouteLookupSchema.safeParse(raw);
      if (!parsed.success) return null;
      const { target, middleware } = parsed.data;
      if (target !== undefined && !checkLookupTarget(target).ok) return middleware ? { middleware } : null;
      return parsed.data;
    },
  };
}
