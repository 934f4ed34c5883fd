import { indexBytes, searchStockColumns, type StockColumns } from "#worker/search/stock-columns.ts";
import { loadStockColumns } from "#worker/adapters/vehicle-search-index.ts";
import type { SearchQuery } from "#domain/vehicle-search-query.ts";

/**
 * The search bench's probe worker (bench/search-bench.ts bundles it with esbuild and runs it next to
 * the app in the same workerd): times service-binding calls into the app, D1 batches and the
 * production search index outside the app. Bench only, never deployed.
 */
interface ProbeEnv {
  APP: Fetcher;
  DB: D1Database;
}
type Statement = { sql: string; params?: unknown[] };
type ProbeBody = { id: string; value: Statement[] | SearchQuery; statements: Statement[]; repeat: number; queries: SearchQuery[] };

const registry = new Map<string, Statement[] | SearchQuery>();
const prepare = (db: D1Database, statements: Statement[]) => statements.map((s) => db.prepare(s.sql).bind(...(s.params || [])));
let loaded: StockColumns | null = null;
const columns = (): StockColumns => {
  if (loaded === null) throw new Error("call /index/load first");
  return loaded;
};

export default {
  async fetch(request: Request, env: ProbeEnv): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/noop") return new Response("{}", { headers: { "content-type": "application/json" } });
    if (url.pathname.startsWith("/app/")) {
      const started = Date.now();
      const response = await env.APP.fetch(
        new Request(new URL(url.pathname.slice(4) + url.search, "http://app.internal"), { headers: request.headers }),
      );
      const body = await response.arrayBuffer();
      const ms = Date.now() - started;
      return new Response(body, {
        status: response.status,
        headers: { "content-type": response.headers.get("content-type") || "", "x-probe-ms": String(ms) },
      });
    }
    if (url.pathname.startsWith("/batch/")) {
      const statements = registry.get(decodeURIComponent(url.pathname.slice(7))) as Statement[] | undefined;
      if (!statements) return new Response("unknown batch", { status: 404 });
      const results = await env.DB.batch(prepare(env.DB, statements));
      return Response.json({ statements: results.length });
    }
    if (url.pathname.startsWith("/index/pass/")) {
      // The production pass alone (total, page ids, facets), on the columns /index/load built.
      const result = searchStockColumns(columns(), registry.get(decodeURIComponent(url.pathname.slice(12))) as SearchQuery);
      return Response.json({ total: result.total });
    }
    const body = (await request.json()) as ProbeBody;
    switch (url.pathname) {
      case "/register":
        registry.set(body.id, body.value);
        return Response.json({ ok: true });
      case "/sql": {
        // /sql takes plain SQL texts.
        const texts = (body.statements as unknown[]).map(String);
        for (let i = 0; i < texts.length; i += 200) await env.DB.batch(texts.slice(i, i + 200).map((sql) => env.DB.prepare(sql)));
        return Response.json({ ok: true });
      }
      case "/query": {
        const results = await env.DB.batch(prepare(env.DB, body.statements));
        return Response.json(results.map((r) => ({ results: r.results, meta: r.meta })));
      }
      case "/each": {
        // Each statement alone, body.repeat times in a row: mean ms (the clock ticks in ms).
        const out: number[] = [];
        for (const statement of body.statements) {
          const prepared = env.DB.prepare(statement.sql).bind(...(statement.params || []));
          const started = Date.now();
          for (let r = 0; r < body.repeat; r++) await prepared.all();
          out.push((Date.now() - started) / body.repeat);
        }
        return Response.json(out);
      }
      case "/repeat": {
        // A batch body.repeat times in a row: ms per run (whole ms).
        const out: number[] = [];
        for (let r = 0; r < body.repeat; r++) {
          const started = Date.now();
          await env.DB.batch(prepare(env.DB, body.statements));
          out.push(Date.now() - started);
        }
        return Response.json(out);
      }
      case "/index/load": {
        // A cold load as an isolate does it (the caller times the request: workerd's clock stands
        // still while JS runs, so columns.queryMs only holds the D1 read).
        loaded = null;
        const fresh = await loadStockColumns(env.DB, null);
        loaded = fresh;
        return Response.json({ rows: fresh.size, queryMs: fresh.queryMs, bytes: indexBytes(fresh), orders: fresh.orders.size });
      }
      case "/index/orders": {
        // Every sort order the searches in body.queries need, then the index's size.
        for (const query of body.queries) searchStockColumns(columns(), query);
        return Response.json({ bytes: indexBytes(columns()), orders: columns().orders.size });
      }
    }
    return new Response("not found", { status: 404 });
  },
};
