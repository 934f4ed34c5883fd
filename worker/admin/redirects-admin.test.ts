import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { redirectsKvEntries } from "#kv-seed/seed-data.ts";
import { REDIRECT_KEY_PREFIX, REDIRECT_PREFIX_INDEX_KEY } from "#redirects/kv-layout.ts";
import { buildBloomIndex, buildRedirectIndexValue, parseRedirectIndex } from "#redirects/redirect-index.ts";
import { forgetRedirectIndex } from "../adapters/kv-redirect-store.ts";
import { createApp } from "../app.ts";
import { BROWSER_UA, ORIGIN, get } from "../test-support/requests.ts";

const TOKEN = "test-admin-token-0123456789abcdef-0123456789";

/** A request through the real app with REDIRECT_ADMIN_TOKEN configured (and `kv` as REDIRECTS). */
async function admin(path: string, init: RequestInit & { token?: string | null; kv?: KVNamespace } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("User-Agent", BROWSER_UA);
  const token = init.token === undefined ? TOKEN : init.token;
  if (token !== null) headers.set("Authorization", `Bearer ${token}`);
  const ctx = createExecutionContext();
  const testEnv = { ...env, REDIRECT_ADMIN_TOKEN: TOKEN, REDIRECTS: init.kv ?? env.REDIRECTS } as Env;
  const response = await createApp().fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }), testEnv, ctx);
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, response);
}

const json = (body: unknown) => ({ headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const put = (entry: unknown, query = "") => admin(`/admin/redirects/entry${query}`, { method: "PUT", ...json(entry) });

// ---- the seeded table is restored after every test, so the other files' tests (and the order here) do not matter
type Snapshot = Map<string, { value: string; metadata: unknown }>;
async function redirectKeys(): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  let cursor: string | undefined;
  do {
    const page = await env.REDIRECTS.list({ prefix: "redirect", ...(cursor ? { cursor } : {}) });
    const values = await Promise.all(page.keys.map(({ name }) => env.REDIRECTS.getWithMetadata(name, { type: "text" })));
    page.keys.forEach(({ name }, index) => {
      const { value, metadata } = values[index]!;
      if (value !== null) snapshot.set(name, { value, metadata });
    });
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return snapshot;
}
let seeded: Snapshot;
beforeEach(async () => {
  seeded ??= await redirectKeys();
  forgetRedirectIndex(env.REDIRECTS);
});
afterEach(async () => {
  const now = await redirectKeys();
  for (const name of now.keys()) if (!seeded.has(name)) await env.REDIRECTS.delete(name);
  for (const [name, stored] of seeded) {
    const current = now.get(name);
    if (current?.value !== stored.value || JSON.stringify(current.metadata) !== JSON.stringify(stored.metadata)) {
      await env.REDIRECTS.put(name, stored.value, stored.metadata === null ? {} : { metadata: stored.metadata });
    }
  }
  forgetRedirectIndex(env.REDIRECTS);
});
afterAll(async () => {
  // What the seed wrote is exactly what is there again.
  const now = await redirectKeys();
  expect(new Map([...now].map(([name, { value }]) => [name, value]))).toEqual(
    new Map(redirectsKvEntries().map(({ key, value }) => [key, value])),
  );
});

/** The stored index covers exactly the stored entries' first segments (or keys). */
async function expectIndexConsistent() {
  const keys = [...(await redirectKeys()).keys()]
    .filter((name) => name.startsWith(REDIRECT_KEY_PREFIX))
    .map((name) => name.slice(REDIRECT_KEY_PREFIX.length));
  expect(await env.REDIRECTS.get(REDIRECT_PREFIX_INDEX_KEY)).toBe(buildRedirectIndexValue(keys));
}

describe("access", () => {
  it.each(["/admin/redirects", "/admin/redirects/entry?path=/angebote", "/admin/redirects/export", "/admin/redirects/gibt-es-nicht"])(
    "without REDIRECT_ADMIN_TOKEN configured, %s answers 404 even to a bearer token",
    async (path) => {
      const response = await get(path, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
    },
  );

  it("a missing or wrong bearer token answers 401 with WWW-Authenticate", async () => {
    const missing = await admin("/admin/redirects", { token: null });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("WWW-Authenticate")).toBe('Bearer realm="redirect-admin"');
    for (const token of ["falsch", `${TOKEN}x`, TOKEN.replace(/.$/, "X")]) {
      const response = await admin("/admin/redirects", { token });
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    }
    const basic = await admin("/admin/redirects", { token: null, headers: { Authorization: `Basic ${btoa(`ops:${TOKEN}`)}` } });
    expect(basic.status).toBe(401);
  });

  it("the right token answers 200, never cached", async () => {
    const response = await admin("/admin/redirects");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("a write without the token writes nothing", async () => {
    const response = await admin("/admin/redirects/entry", {
      method: "PUT",
      token: "falsch",
      ...json({ path: "/ohne-token", target: "/ziel" }),
    });
    expect(response.status).toBe(401);
    expect(await env.REDIRECTS.get("redirect:/ohne-token")).toBeNull();
  });
});

describe("reading", () => {
  it("GET entry answers the stored entry, 404 for an unknown path", async () => {
    const response = await admin("/admin/redirects/entry?path=/Angebote/");
    expect(await response.json()).toEqual({ path: "/angebote", target: "/Aktionsangebote", code: 301, external: false });
    expect((await admin("/admin/redirects/entry?path=/gibt-es-nicht")).status).toBe(404);
  });

  it("the list is paged with a cursor and filtered by prefix", async () => {
    const first = (await (await admin("/admin/redirects?prefix=/center/&limit=2")).json()) as {
      entries: Array<{ path: string }>;
      cursor: string | null;
    };
    expect(first.entries).toHaveLength(2);
    expect(first.entries.every((entry) => entry.path.startsWith("/center/"))).toBe(true);
    const second = (await (await admin(`/admin/redirects?prefix=/center/&limit=2&cursor=${encodeURIComponent(first.cursor!)}`)).json()) as {
      entries: Array<{ path: string }>;
    };
    expect(second.entries[0]?.path).not.toBe(first.entries[0]?.path);
  });

  it("export gives the whole table as JSON or CSV", async () => {
    const exported = (await (await admin("/admin/redirects/export")).json()) as unknown[];
    expect(exported).toHaveLength(redirectsKvEntries().length - 1);
    const csv = await admin("/admin/redirects/export?format=csv");
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text.startsWith("path,target,code,external\r\n")).toBe(true);
    expect(text).toContain("/angebote,/Aktionsangebote,301,false\r\n");
    expect(text).toContain("/newsletter-anmeldung,,410,false\r\n");
  });

  it("unknown or bad query parameters are refused with 400", async () => {
    expect((await admin("/admin/redirects?limit=5000")).status).toBe(400);
    const typo = await admin("/admin/redirects/import?flaten=true", { method: "POST", ...json([]) });
    expect(typo.status).toBe(400);
    expect(((await typo.json()) as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
  });
});

describe("writing", () => {
  it("a new redirect is served on the very next request, with the index grown for its new first segment", async () => {
    expect((await get("/herbstaktion-2026")).status).not.toBe(302);
    const response = await put({ path: "/Herbstaktion-2026", target: "/Aktionsangebote", code: 302 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: "written", added: ["/herbstaktion-2026"] });
    const next = await get("/herbstaktion-2026?utm_source=plakat");
    expect(next.status).toBe(302);
    expect(next.headers.get("Location")).toBe("/Aktionsangebote?utm_source=plakat");
    await expectIndexConsistent();
  });

  it("changing an entry changes the redirect on the next request", async () => {
    expect((await put({ path: "/angebote", target: "/pkw", code: 308 })).status).toBe(200);
    const next = await get("/angebote");
    expect(next.status).toBe(308);
    expect(next.headers.get("Location")).toBe("/pkw");
  });

  it("removing the last entry of a first segment deletes it and shrinks the index", async () => {
    const response = await admin("/admin/redirects/entry?path=/inzahlungname", { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await env.REDIRECTS.get("redirect:/inzahlungname")).toBeNull();
    expect(parseRedirectIndex(await env.REDIRECTS.get(REDIRECT_PREFIX_INDEX_KEY, "json"))?.mayContain("/inzahlungname")).toBe(false);
    expect((await get("/inzahlungname")).status).not.toBe(301);
    await expectIndexConsistent();
    expect((await admin("/admin/redirects/entry?path=/inzahlungname", { method: "DELETE" })).status).toBe(404);
  });

  it("an entry without target is gone (410 in the table, the 404 page for visitors)", async () => {
    expect((await put({ path: "/alte-aktion" })).status).toBe(200);
    expect(await (await admin("/admin/redirects/entry?path=/alte-aktion")).json()).toMatchObject({ target: null, code: 410 });
    expect((await get("/alte-aktion")).status).toBe(404);
  });

  it("__proto__ and constructor are ordinary paths", async () => {
    expect((await put({ path: "/__proto__", target: "/ziel-eins" })).status).toBe(200);
    expect((await put({ path: "/constructor/x", target: "/ziel-zwei" })).status).toBe(200);
    expect((await get("/__proto__")).headers.get("Location")).toBe("/ziel-eins");
    expect((await get("/constructor/x")).headers.get("Location")).toBe("/ziel-zwei");
    await expectIndexConsistent();
  });

  it("a dry run returns the plan and writes nothing", async () => {
    const response = await put({ path: "/nur-geplant", target: "/ziel" }, "?dryRun=true");
    const body = (await response.json()) as { result: string; steps: Array<{ name: string; operations: unknown[] }> };
    expect(body.result).toBe("planned");
    expect(body.steps.map((step) => step.name)).toEqual(["grow-index", "put-entries"]);
    expect(await env.REDIRECTS.get("redirect:/nur-geplant")).toBeNull();
  });
});

describe("refusals: nothing is written", () => {
  it("a target that is itself redirected (a chain) is refused with 409 naming both entries", async () => {
    const response = await put({ path: "/neue-angebote", target: "/angebote" });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: string; issues: Array<{ entry: string; message: string }> };
    expect(body.issues[0]?.entry).toBe("/neue-angebote");
    expect(body.issues[0]?.message).toContain('"/angebote" itself redirects to "/Aktionsangebote"');
    expect(await env.REDIRECTS.get("redirect:/neue-angebote")).toBeNull();
  });

  it("a new entry on an existing target makes a chain: refused, or flattened on request", async () => {
    // /angebote → /Aktionsangebote exists; an entry on /aktionsangebote would make it a chain.
    expect((await put({ path: "/aktionsangebote", target: "/angebote-2027" })).status).toBe(409);
    const flattened = await put({ path: "/aktionsangebote", target: "/angebote-2027" }, "?flatten=true");
    expect(flattened.status).toBe(200);
    expect(await flattened.json()).toMatchObject({
      flattened: expect.arrayContaining([{ path: "/angebote", from: "/Aktionsangebote", to: "/angebote-2027" }]),
    });
    expect((await get("/angebote")).headers.get("Location")).toBe("/angebote-2027");
  });

  it("a loop is refused, even with flatten", async () => {
    const response = await put({ path: "/aktionsangebote", target: "/angebote" }, "?flatten=true");
    expect(response.status).toBe(409);
    expect(((await response.json()) as { issues: Array<{ message: string }> }).issues[0]?.message).toMatch(/^redirect loop: /);
  });

  it.each([
    [{ path: "/a", target: "https://evil.example/" }, "target is absolute; only entries flagged external: true may leave the site"],
    [{ path: "/a", target: "javascript:alert(1)" }, "target uses an unsafe protocol"],
    [{ path: "/a", target: "http://www.hyundai.de/", external: true }, "must be an https:// URL"],
    [{ path: "/a", target: "/b", code: 303 }, "code must be 301, 302, 307, 308 or 410 (gone)"],
    [{ path: "/a", target: "/b", code: 410 }, "code 410 (gone) takes no target"],
    [{ path: "a", target: "/b" }, 'path must start with "/"'],
    [{ path: "/a", target: "/b", extra: 1 }, "Unrecognized key"],
  ])("%o is refused with 400", async (entry, message) => {
    const response = await put(entry);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: Array<{ message: string }> };
    expect(body.issues.map((issue) => issue.message).join("\n")).toContain(message);
    expect(await env.REDIRECTS.get("redirect:/a")).toBeNull();
  });

  it("a body that is not JSON, of the wrong type or too large is refused", async () => {
    expect(
      (await admin("/admin/redirects/entry", { method: "PUT", headers: { "Content-Type": "application/json" }, body: "{" })).status,
    ).toBe(400);
    expect((await admin("/admin/redirects/entry", { method: "PUT", headers: { "Content-Type": "text/plain" }, body: "{}" })).status).toBe(
      415,
    );
    expect(
      (await admin("/admin/redirects/entry", { method: "PUT", ...json({ path: "/a", target: `/${"x".repeat(20_000)}` }) })).status,
    ).toBe(413);
  });
});

describe("import", () => {
  it("a CSV merge adds and changes entries; the next request sees them", async () => {
    const csv = "path,target,code,external\n/csv-neu,/ziel,301,\n/angebote,/pkw,302,false\n/csv-extern,https://www.hyundai.de/,,true\n";
    const response = await admin("/admin/redirects/import", { method: "POST", headers: { "Content-Type": "text/csv" }, body: csv });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ added: ["/csv-neu", "/csv-extern"], changed: ["/angebote"], removed: [] });
    expect((await get("/csv-extern")).headers.get("Location")).toBe("https://www.hyundai.de/");
    expect((await get("/angebote")).status).toBe(302);
    await expectIndexConsistent();
  });

  it("a bad CSV line is refused with its line number and nothing is written", async () => {
    const csv = "path,target,code\n/gut,/ziel,301\n/schlecht,/ziel,303\n";
    const response = await admin("/admin/redirects/import", { method: "POST", headers: { "Content-Type": "text/csv" }, body: csv });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ issues: [{ line: 3, entry: "/schlecht" }] });
    expect(await env.REDIRECTS.get("redirect:/gut")).toBeNull();
  });

  it("a replace leaves exactly the imported entries and an index of their first segments", async () => {
    const entries = [
      { path: "/nur-noch/eins", target: "/ziel" },
      { path: "/zwei", target: null },
    ];
    const response = await admin("/admin/redirects/import?mode=replace", { method: "POST", ...json(entries) });
    expect(response.status).toBe(200);
    const keys = [...(await redirectKeys()).keys()].filter((name) => name.startsWith(REDIRECT_KEY_PREFIX));
    expect(keys.sort()).toEqual(["redirect:/nur-noch/eins", "redirect:/zwei"]);
    expect(await env.REDIRECTS.get(REDIRECT_PREFIX_INDEX_KEY)).toBe('["nur-noch","zwei"]');
    expect((await get("/angebote")).status).not.toBe(301);
    expect((await get("/nur-noch/eins")).headers.get("Location")).toBe("/ziel");
  });

  it("a chain inside an import is refused, or flattened with flatten=true", async () => {
    const entries = [
      { path: "/kette-a", target: "/kette-b" },
      { path: "/kette-b", target: "/kette-c" },
    ];
    expect((await admin("/admin/redirects/import", { method: "POST", ...json(entries) })).status).toBe(409);
    const flattened = await admin("/admin/redirects/import?flatten=true", { method: "POST", ...json(entries) });
    expect(flattened.status).toBe(200);
    expect((await get("/kette-a")).headers.get("Location")).toBe("/kette-c");
  });

  it("an import dry run plans without writing", async () => {
    const response = await admin("/admin/redirects/import?mode=replace&dryRun=true", { method: "POST", ...json([]) });
    expect(await response.json()).toMatchObject({ result: "planned", removed: expect.arrayContaining(["/angebote"]) });
    expect(await env.REDIRECTS.get("redirect:/angebote")).not.toBeNull();
  });

  it("more writes than one request may make answer 413 before anything is written", async () => {
    const entries = Array.from({ length: 900 }, (_, i) => ({ path: `/massen/${i}`, target: "/ziel" }));
    const response = await admin("/admin/redirects/import", { method: "POST", ...json(entries) });
    expect(response.status).toBe(413);
    expect(await env.REDIRECTS.get("redirect:/massen/0")).toBeNull();
  });
});

it("KV failing answers 503 with Retry-After, never a 500", async () => {
  const fail = () => Promise.reject(new Error("KV GET failed: 503 Service Unavailable"));
  const failing = new Proxy(env.REDIRECTS, {
    get(target, property) {
      if (property === "get" || property === "list" || property === "put" || property === "delete") return fail;
      const member = Reflect.get(target, property);
      return typeof member === "function" ? member.bind(target) : member;
    },
  });
  const response = await admin("/admin/redirects/export", { kv: failing });
  expect(response.status).toBe(503);
  expect(response.headers.get("Retry-After")).toBe("5");
});

describe("index formats and propagation", () => {
  it("a Bloom-filter index (tables beyond 1,000 first segments) is read by the worker", async () => {
    const keys = [...(await redirectKeys()).keys()]
      .filter((name) => name.startsWith(REDIRECT_KEY_PREFIX))
      .map((name) => name.slice(REDIRECT_KEY_PREFIX.length));
    await env.REDIRECTS.put("redirect:/bloom-seite", JSON.stringify({ target: "/ziel", code: 301, external: false }));
    await env.REDIRECTS.put(REDIRECT_PREFIX_INDEX_KEY, JSON.stringify(buildBloomIndex([...keys, "/bloom-seite"])));
    forgetRedirectIndex(env.REDIRECTS);
    expect((await get("/bloom-seite")).headers.get("Location")).toBe("/ziel");
    expect((await get("/angebote")).headers.get("Location")).toBe("/Aktionsangebote");
  });

  it("in development the index is read on every request, so a CLI write shows on the next one", async () => {
    const dev = { ...env, ENVIRONMENT: "development" } as Env;
    const fetchDev = async (path: string) => {
      const ctx = createExecutionContext();
      const response = await createApp().fetch(
        new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": BROWSER_UA }, redirect: "manual" }),
        dev,
        ctx,
      );
      await response.arrayBuffer();
      await waitOnExecutionContext(ctx);
      return response;
    };
    expect((await fetchDev("/per-cli-neu")).status).not.toBe(301);
    // What `npm run redirects -- add` does, without telling this isolate.
    await env.REDIRECTS.put(
      REDIRECT_PREFIX_INDEX_KEY,
      JSON.stringify([...JSON.parse((await env.REDIRECTS.get(REDIRECT_PREFIX_INDEX_KEY)) ?? "[]"), "per-cli-neu"].sort()),
    );
    await env.REDIRECTS.put("redirect:/per-cli-neu", JSON.stringify({ target: "/ziel", code: 301, external: false }));
    expect((await fetchDev("/per-cli-neu")).headers.get("Location")).toBe("/ziel");
  });
});
