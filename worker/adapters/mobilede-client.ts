import * as z from "zod";
import { MOBILEDE_MAX_PAGE_SIZE, MOBILEDE_PAGINATION_CAP, MobileDePageSchema } from "#domain/stock-feed/mobilede-ad.ts";
import { readCapped } from "../read-capped-body.ts";

/**
 * Reads every ad of the group's mobile.de customer numbers through the Search-API (docs/stock-import.md
 * "mobile.de"): HTTP basic auth, `Accept: application/vnd.de.mobile.api+json`, pages of 100.
 * Only fetch, so the scheduled sync in the worker and `npm run stock -- sync` in Node share it.
 *
 * All or nothing: the import treats what this returns as the whole stock of the source, so a
 * vehicle missing from it is sold. Any page that cannot be read (auth, 429 or 5xx after the
 * retries, a body that is not a result page, more ads than the interface pages through) throws
 * and nothing is imported.
 */

export const MobileDeConfigSchema = z.object({
  baseUrl: z.url().default("https://services.mobile.de/search-api"),
  user: z.string().min(1, "MOBILEDE_USER fehlt"),
  password: z.string().min(1, "MOBILEDE_PASSWORD fehlt"),
  /** mobile.de customer number (Kundennummer) → our center slug; one per center. */
  customers: z
    .record(z.string().regex(/^\d{1,12}$/, "Kundennummern sind Ziffern"), z.string().min(1))
    .refine((customers) => Object.keys(customers).length > 0, "MOBILEDE_CUSTOMERS nennt keine Kundennummer"),
});
export type MobileDeConfig = z.infer<typeof MobileDeConfigSchema>;

export class MobileDeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MobileDeError";
  }
}

export interface MobileDeFetchOptions {
  fetch?: typeof fetch;
  /** Waits before a retry (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
  /** Tries per page for 429 and 5xx answers. */
  attempts?: number;
}

export interface MobileDeAds {
  /** Every ad with the center of its customer number. */
  ads: Array<{ ad: unknown; center: string; customerId: string }>;
  requests: number;
}

const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** The problem text of an error answer: `{ errors: [{ key, message }] }` or problem+json `{ title, detail }`. */
function problemOf(body: string): string {
  try {
    const data = JSON.parse(body) as unknown;
    const parsed = z
      .object({
        title: z.string().optional(),
        detail: z.string().optional(),
        errors: z.array(z.object({ key: z.string().optional(), message: z.string().optional() })).optional(),
      })
      .safeParse(data);
    if (!parsed.success) return "";
    const { title, detail, errors } = parsed.data;
    return [title, detail, ...(errors ?? []).map((error) => [error.key, error.message].filter(Boolean).join(": "))]
      .filter((part): part is string => typeof part === "string" && part !== "")
      .join("; ")
      .slice(0, 300);
  } catch {
    return "";
  }
}

async function readBody(response: Response): Promise<string> {
  const bytes = await readCapped(response, MAX_BODY_BYTES);
  if (bytes === null) throw new MobileDeError(`mobile.de antwortet mit mehr als ${MAX_BODY_BYTES} Bytes.`);
  return new TextDecoder().decode(bytes);
}

export async function fetchMobileDeAds(config: MobileDeConfig, options: MobileDeFetchOptions = {}): Promise<MobileDeAds> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const attempts = options.attempts ?? 4;
  const authorization = `Basic ${btoa(`${config.user}:${config.password}`)}`;
  const result: MobileDeAds = { ads: [], requests: 0 };

  for (const [customerId, center] of Object.entries(config.customers)) {
    let maxPages = 1;
    const totals = new Set<number>();
    let read = 0;
    for (let page = 1; page <= maxPages; page++) {
      const url = new URL(`${config.baseUrl.replace(/\/+$/, "")}/search`);
      url.searchParams.set("customerId", customerId);
      url.searchParams.set("page.number", String(page));
      url.searchParams.set("page.size", String(MOBILEDE_MAX_PAGE_SIZE));
      let body = "";
      for (let attempt = 1; ; attempt++) {
        result.requests++;
        let response: Response;
        try {
          response = await doFetch(url, { headers: { Accept: "application/vnd.de.mobile.api+json", Authorization: authorization } });
        } catch (error) {
          if (attempt < attempts) {
            await sleep(1_000 * 2 ** (attempt - 1));
            continue;
          }
          throw new MobileDeError(`mobile.de ist nicht erreichbar (${error instanceof Error ? error.message : String(error)}).`);
        }
        body = await readBody(response);
        if (response.status === 200) break;
        const problem = problemOf(body);
        if (response.status === 401 || response.status === 403)
          throw new MobileDeError(
            `mobile.de lehnt die Zugangsdaten ab (HTTP ${response.status}${problem ? `: ${problem}` : ""}): MOBILEDE_USER und MOBILEDE_PASSWORD prüfen, und ob die Search-API für das Konto freigeschaltet ist.`,
          );
        if ((response.status === 429 || response.status >= 500) && attempt < attempts) {
          const retryAfter = Number(response.headers.get("Retry-After"));
          await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 60) * 1_000 : 1_000 * 2 ** (attempt - 1));
          continue;
        }
        throw new MobileDeError(
          `mobile.de antwortet auf Kundennummer ${customerId}, Seite ${page} mit HTTP ${response.status}${problem ? `: ${problem}` : ""}.`,
        );
      }
      let data: unknown;
      try {
        data = JSON.parse(body);
      } catch {
        throw new MobileDeError(`mobile.de antwortet auf Kundennummer ${customerId}, Seite ${page} nicht mit JSON.`);
      }
      // The interface can answer 200 with an error list (e.g. an outdated parameter).
      const problem = problemOf(body);
      if (Array.isArray((data as { errors?: unknown } | null)?.errors) && problem !== "")
        throw new MobileDeError(`mobile.de meldet für Kundennummer ${customerId}: ${problem}`);
      const parsed = MobileDePageSchema.safeParse(data);
      if (!parsed.success)
        throw new MobileDeError(`mobile.de antwortet auf Kundennummer ${customerId}, Seite ${page} nicht mit einer Ergebnisseite.`);
      if (parsed.data.total > MOBILEDE_PAGINATION_CAP)
        throw new MobileDeError(
          `Kundennummer ${customerId} hat ${parsed.data.total} Inserate; die Search-API liefert höchstens ${MOBILEDE_PAGINATION_CAP}. Ein Import ohne die übrigen würde sie als verkauft markieren: nicht importiert.`,
        );
      maxPages = parsed.data.maxPages;
      totals.add(parsed.data.total);
      read += parsed.data.ads.length;
      for (const ad of parsed.data.ads) result.ads.push({ ad, center, customerId });
    }
    // Ads added, removed or re-sorted while paging shift the pages: one ad read twice means
    // another was skipped, and a skipped ad would be sold.
    const [total] = totals;
    if (totals.size !== 1 || total !== read || hasRepeats(result.ads, customerId))
      throw new MobileDeError(
        `Die Inserate von Kundennummer ${customerId} haben sich beim Lesen geändert (${[...totals].join(" / ")} gemeldet, ${read} gelesen): nicht importiert, die nächste Abfrage versucht es wieder.`,
      );
  }
  return result;
}

/** Whether an ad id of this customer number was read twice (a page shifted under the sync). */
function hasRepeats(ads: MobileDeAds["ads"], customerId: string): boolean {
  const seen = new Set<string>();
  for (const entry of ads) {
    if (entry.customerId !== customerId) continue;
    const id = (entry.ad as { mobileAdId?: unknown } | null)?.mobileAdId;
    if (typeof id !== "string" && typeof id !== "number") continue;
    if (seen.has(String(id))) return true;
    seen.add(String(id));
  }
  return false;
}
