import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { OFFLINE_ENV } from "#kv-seed/offline-env.ts";
import legacyRedirects from "./legacy-redirects.json" with { type: "json" };
import { buildRedirectKvEntries, REDIRECT_PREFIX_INDEX_KEY } from "./kv-layout.ts";
import { memoryRedirectTableStore, type MemoryKvValue } from "./memory-redirect-table-store.ts";
import { parseCliArgs, runRedirectCli, type CliIo } from "./redirect-cli.ts";
import { RedirectTableSchema } from "./redirect-entry-schema.ts";

/** The CLI against an in-memory KV seeded like `npm run seed` (no metadata), with captured output. */
function cli(files: Record<string, string> = {}) {
  const store = memoryRedirectTableStore(
    new Map<string, MemoryKvValue>(
      buildRedirectKvEntries(RedirectTableSchema.parse(legacyRedirects)).map(({ key, value }) => [key, { value }]),
    ),
  );
  const out: string[] = [];
  const err: string[] = [];
  const written = new Map<string, string>();
  const io: CliIo = {
    openStore: async () => store,
    readFile: async (path) => {
      const text = files[path];
      if (text === undefined) throw new Error(`no file ${path}`);
      return text;
    },
    writeFile: async (path, text) => void written.set(path, text),
    sourceFile: async () => legacyRedirects,
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  };
  return { run: (...argv: string[]) => runRedirectCli(argv, io), store, out, err, written };
}

test("options: --local is the default, --remote and --local exclude each other, unknown options are refused", () => {
  expect(parseCliArgs(["import", "a.csv", "--replace", "--dry-run"])).toMatchObject({
    ok: true,
    options: { command: "import", args: ["a.csv"], remote: false, replace: true, dryRun: true },
  });
  expect(parseCliArgs(["list", "--local", "--remote"])).toEqual({ ok: false, message: "--local and --remote exclude each other" });
  expect(parseCliArgs(["list", "--flaten"])).toEqual({ ok: false, message: "unknown option --flaten" });
  expect(parseCliArgs(["add", "/a", "/b", "--code", "abc"])).toEqual({ ok: false, message: "--code is a number such as 301" });
});

test("a usage error exits 2 with the usage text", async () => {
  const { run, err } = cli();
  expect(await run("frobnicate")).toBe(2);
  expect(err.join("\n")).toContain("usage: npm run redirects");
  expect(await run("get")).toBe(2);
});

test("add writes a new entry; add on an existing path is refused, set changes it", async () => {
  const { run, store, err } = cli();
  expect(await run("add", "/Herbst", "/angebote-herbst", "--code", "302")).toBe(0);
  expect(JSON.parse(store.kv.get("redirect:/herbst")!.value)).toEqual({ target: "/angebote-herbst", code: 302, external: false });
  expect(await run("add", "/herbst", "/x")).toBe(1);
  expect(err.at(-1)).toContain("exists already; use set");
  expect(await run("set", "/herbst", "/x")).toBe(0);
  expect(JSON.parse(store.kv.get("redirect:/herbst")!.value).target).toBe("/x");
});

test("a CLI write gives every entry its metadata, so later reads need no gets", async () => {
  const { run, store, out } = cli();
  expect(await run("add", "/neu", "/ziel")).toBe(0);
  expect(out.at(-1)).toContain("554 rewritten with metadata");
  expect([...store.kv.entries()].filter(([key, stored]) => key.startsWith("redirect:") && stored.metadata === undefined)).toEqual([]);
});

test("refusals exit 1 and write nothing", async () => {
  const { run, store, err } = cli({ "bad.csv": "path,target,code\n/ok,/ziel,301\n/kaputt,/ziel,303\n" });
  expect(await run("add", "/kette", "/angebote")).toBe(1);
  expect(err.join("\n")).toContain('"/angebote" itself redirects to "/Aktionsangebote"');
  expect(await run("import", "bad.csv")).toBe(1);
  expect(err.join("\n")).toContain("line 3 (/kaputt): code: code must be 301, 302, 307, 308 or 410 (gone)");
  expect(await run("remove", "/gibt-es-nicht")).toBe(1);
  expect(store.operations).toEqual([]);
});

test("import --replace --dry-run prints the plan and writes nothing", async () => {
  const { run, store, out } = cli({ "neu.json": '[{"path":"/nur-noch-das","target":"/ziel"}]' });
  expect(await run("import", "neu.json", "--replace", "--dry-run")).toBe(0);
  expect(out.join("\n")).toContain("1 added, 0 changed, 554 removed");
  expect(store.operations).toEqual([]);
});

test("import --flatten rewrites chains; export writes CSV that imports back unchanged", async () => {
  const { run, written, out } = cli({ "kette.csv": "path,target\n/kette-a,/kette-b\n/kette-b,/kette-c\n" });
  expect(await run("import", "kette.csv")).toBe(1);
  expect(await run("import", "kette.csv", "--flatten")).toBe(0);
  expect(out.at(-1)).toContain("flattened /kette-a: /kette-b → /kette-c");
  expect(await run("export", "--format", "csv", "--out", "table.csv")).toBe(0);
  const csv = written.get("table.csv")!;
  expect(csv).toContain("/kette-a,/kette-c,301,false\r\n");
  const again = cli({ "table.csv": csv });
  expect(await again.run("import", "table.csv", "--replace")).toBe(0);
  expect(again.out.at(-1)).toContain("2 added, 0 changed, 0 removed");
});

test("check reports an index that no longer covers the entries; any write repairs it", async () => {
  const { run, store, out } = cli({ "leer.json": "[]" });
  store.kv.set(REDIRECT_PREFIX_INDEX_KEY, { value: '["angebote"]' });
  expect(await run("check")).toBe(1);
  expect(out.at(-1)).toContain("NOT up to date");
  expect(await run("import", "leer.json")).toBe(0);
  expect(await run("check")).toBe(0);
});

test("sync replaces the table by the reviewed source file, with its lenient codes", async () => {
  const { run, out } = cli();
  await run("add", "/extra", "/ziel");
  expect(await run("sync")).toBe(0);
  expect(out.at(-1)).toContain("0 added, 0 changed, 1 removed");
});

test("the CLI itself runs against a temporary local state (getPlatformProxy)", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "redirects-cli-"));
  const env = { ...process.env, ...OFFLINE_ENV };
  const cliRun = (...args: string[]) =>
    execFileSync(process.execPath, ["scripts/redirects.ts", ...args, "--persist-to", join(dir, "state")], {
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  try {
    writeFileSync(join(dir, "neu.csv"), "path,target,code,external\n/cli-test,/ziel,307,\n");
    expect(cliRun("import", join(dir, "neu.csv"))).toContain("1 added");
    expect(JSON.parse(cliRun("export"))).toEqual([{ path: "/cli-test", target: "/ziel", code: 307, external: false }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
