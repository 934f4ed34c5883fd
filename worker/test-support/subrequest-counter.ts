import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { createApp } from "../app.ts";

/**
 * Counts what Cloudflare counts as a request's subrequests (free plan: 50 per request): fetch(),
 * and every call to KV, D1, R2, a Queue and the Cache API. The app gets the real local bindings
 * wrapped in counting proxies; the globals `fetch` and `caches` are watched while `run` lasts.
 */
export interface SubrequestCount {
  total: number;
  /** Per kind: "fetch", "kv.get", "d1.first", "cache.match", … */
  byKind: Map<string, number>;
  /** Calls that broke a platform limit (D1 bound parameters or statement size, KV key/value/metadata size, Queue message size). */
  overLimits: string[];
}

/**
 * Cloudflare's per-call limits (docs/limits.md): D1 allows 100 bound parameters and 100,000 bytes
 * of SQL per statement; a KV key is at most 512 bytes, its metadata 1,024 bytes serialised and its
 * value 25 MiB; a Queue message at most 128 KB.
 */
export const PLATFORM_LIMITS = {
  d1BoundParameters: 100,
  d1StatementBytes: 100_000,
  kvKeyBytes: 512,
  kvMetadataBytes: 1_024,
  kvValueBytes: 25 * 1024 * 1024,
  queueMessageBytes: 128 * 1024,
} as const;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;
const sizeOf = (value: unknown): number =>
  typeof value === "string"
    ? utf8Length(value)
    : value instanceof ArrayBuffer || ArrayBuffer.isView(value)
      ? value.byteLength
      : utf8Length(JSON.stringify(value) ?? "");

const KV_METHODS = new Set(["get", "getWithMetadata", "put", "list", "delete"]);
const D1_RUN_METHODS = new Set(["first", "all", "run", "raw"]);
const R2_METHODS = new Set(["get", "put", "head", "list", "delete", "createMultipartUpload"]);
const QUEUE_METHODS = new Set(["send", "sendBatch"]);
const CACHE_METHODS = new Set(["match", "put", "delete"]);

/** A proxy of `target` that counts calls of `methods` as `kind.method`, checks their arguments, and wraps what `wrap` asks to. */
function counting<T extends object>(
  target: T,
  kind: string,
  methods: ReadonlySet<string>,
  count: (what: string) => void,
  wrap?: (method: string, result: unknown, args: unknown[]) => unknown,
  check?: (method: string, args: unknown[]) => void,
): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property);
      if (typeof value !== "function") return value;
      const name = String(property);
      return (...args: unknown[]) => {
        if (methods.has(name)) count(`${kind}.${name}`);
        check?.(name, args);
        const result = value.apply(object, args);
        return wrap ? wrap(name, result, args) : result;
      };
    },
  });
}

/** Checks a call's arguments against PLATFORM_LIMITS before it runs; `over` records what breaks one. */
type LimitCheck = (method: string, args: unknown[]) => void;

function countingStatement(
  statement: D1PreparedStatement,
  sql: string,
  count: (what: string) => void,
  over: (what: string) => void,
): D1PreparedStatement {
  const check: LimitCheck = (method, args) => {
    if (method === "bind" && args.length > PLATFORM_LIMITS.d1BoundParameters)
      over(`D1: ${args.length} bound parameters in ${sql.slice(0, 80)}`);
  };
  return counting(
    statement,
    "d1",
    D1_RUN_METHODS,
    count,
    (method, result) => (method === "bind" ? countingStatement(result as D1PreparedStatement, sql, count, over) : result),
    check,
  );
}

/** The app's env with every I/O binding counted and checked against the platform's per-call limits. */
function countingEnv(count: (what: string) => void, over: (what: string) => void): Env {
  const db = counting(
    env.DB,
    "d1",
    new Set(["batch", "exec"]),
    count,
    (method, result, args) =>
      method === "prepare" ? countingStatement(result as D1PreparedStatement, String(args[0]), count, over) : result,
    (method, args) => {
      if (method === "prepare" && utf8Length(String(args[0])) > PLATFORM_LIMITS.d1StatementBytes)
        over(`D1: a statement of ${utf8Length(String(args[0]))} bytes`);
    },
  );
  const kvCheck: LimitCheck = (method, args) => {
    if (!["get", "getWithMetadata", "put", "delete"].includes(method)) return;
    const key = String(args[0]);
    if (utf8Length(key) > PLATFORM_LIMITS.kvKeyBytes) over(`KV: a key of ${utf8Length(key)} bytes`);
    if (method !== "put") return;
    if (sizeOf(args[1]) > PLATFORM_LIMITS.kvValueBytes) over(`KV: a value of ${sizeOf(args[1])} bytes under ${key}`);
    const metadata = (args[2] as { metadata?: unknown } | undefined)?.metadata;
    if (metadata !== undefined && sizeOf(metadata) > PLATFORM_LIMITS.kvMetadataBytes)
      over(`KV: metadata of ${sizeOf(metadata)} bytes under ${key}`);
  };
  const queueCheck: LimitCheck = (method, args) => {
    const bodies =
      method === "send" ? [args[0]] : method === "sendBatch" ? (args[0] as Array<{ body: unknown }>).map((message) => message.body) : [];
    for (const body of bodies) if (sizeOf(body) > PLATFORM_LIMITS.queueMessageBytes) over(`Queue: a message of ${sizeOf(body)} bytes`);
  };
  return {
    ...env,
    DB: db,
    REDIRECTS: counting(env.REDIRECTS, "kv", KV_METHODS, count, undefined, kvCheck),
    LEAD_FILES: counting(env.LEAD_FILES, "r2", R2_METHODS, count),
    LEAD_QUEUE: counting(env.LEAD_QUEUE, "queue", QUEUE_METHODS, count, undefined, queueCheck),
    ASSETS: counting(env.ASSETS, "assets", new Set(["fetch"]), count),
  } as Env;
}

/**
 * `request` through the real app with counted bindings and globals. The body is read and the
 * background work (waitUntil: cache writes, reports) awaited, because Cloudflare counts those
 * subrequests against the same request.
 */
export async function countSubrequests(request: Request): Promise<{ count: SubrequestCount; response: Response }> {
  const byKind = new Map<string, number>();
  const overLimits: string[] = [];
  const count = (what: string) => byKind.set(what, (byKind.get(what) ?? 0) + 1);
  // The test setup already spies on fetch (it refuses outbound requests); spyOn hands back that
  // spy, so the calls of this request are the ones after `fetchesBefore`, and the spy stays.
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  const fetchesBefore = fetchSpy.mock.calls.length;
  // workerd's CacheStorage has `default` (Cloudflare's own cache), which the DOM typing lacks.
  const storage = caches as CacheStorage & { default: Cache };
  const realDefault = storage.default;
  const realOpen = caches.open.bind(caches);
  const defaultSpy = vi.spyOn(storage, "default", "get").mockReturnValue(counting(realDefault, "cache", CACHE_METHODS, count));
  const openSpy = vi.spyOn(caches, "open").mockImplementation(async (name) => {
    count("cache.open");
    return counting(await realOpen(name), "cache", CACHE_METHODS, count);
  });
  try {
    const ctx = createExecutionContext();
    const response = await createApp().fetch(
      request,
      countingEnv(count, (what) => overLimits.push(what)),
      ctx,
    );
    const body = await response.arrayBuffer();
    await waitOnExecutionContext(ctx);
    for (let i = fetchesBefore; i < fetchSpy.mock.calls.length; i++) count("fetch");
    return {
      count: { total: [...byKind.values()].reduce((sum, n) => sum + n, 0), byKind, overLimits },
      response: new Response(body, response),
    };
  } finally {
    defaultSpy.mockRestore();
    openSpy.mockRestore();
  }
}
