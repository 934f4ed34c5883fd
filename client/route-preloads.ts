/**
 * Modulepreload for client navigations (ADR 0020). Vite would put a preload list for every lazy
 * route into the entry (~1 KB gzip of chunk names every page pays for on its first load). The
 * build writes that table to `/assets/route-preloads-{buildId}.json` instead (vite.config.ts),
 * the browser fetches it in the first idle period, and a route's chunks are preloaded when its
 * lazy module is asked for. Until the table has arrived (or if it never does), a navigation
 * still works: the browser finds a route chunk's imports when it parses the chunk.
 */
const CHUNK_URL = /^\/assets\/[\w.-]+\.js$/;

/** The table as the build writes it: route module → chunk URLs. Anything else is dropped. */
export function parseRoutePreloads(json: unknown): Map<string, string[]> {
  const table = new Map<string, string[]>();
  if (json === null || typeof json !== "object" || Array.isArray(json)) return table;
  for (const [module, chunks] of Object.entries(json)) {
    if (Array.isArray(chunks) && chunks.every((chunk) => typeof chunk === "string" && CHUNK_URL.test(chunk))) table.set(module, chunks);
  }
  return table;
}

export function routePreloadsUrl(buildId: string): string {
  return `/assets/route-preloads-${buildId}.json`;
}

export function createRoutePreloader(doc: Pick<Document, "createElement" | "head">, load: () => Promise<unknown>) {
  let table = new Map<string, string[]>();
  const requested = new Set<string>();
  return {
    /** Fetch the table; a failure leaves navigations without preloads. */
    warm(): Promise<void> {
      return load().then(
        (json) => {
          table = parseRoutePreloads(json);
        },
        () => undefined,
      );
    },
    /** Preload the chunks of a route module (each URL once). */
    preload(module: unknown): void {
      if (typeof module !== "string") return;
      for (const href of table.get(module) ?? []) {
        if (requested.has(href)) continue;
        requested.add(href);
        const link = doc.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        doc.head.appendChild(link);
      }
    },
  };
}
