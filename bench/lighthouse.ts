/**
 * Lighthouse per page type: the `lighthouse` npm package with its default
 * mobile configuration (emulated Moto G Power, simulated slow 4G: 150 ms RTT, 1.6 Mbit/s,
 * 4x CPU slowdown) drives Debian's Chromium, the browser the e2e tests use, against the
 * production site.
 *
 *   npm run build && npm run seed && npm run bench:lighthouse
 *
 * Builds nothing itself. Starts its own `wrangler dev` (NODE_ENV=production, ENVIRONMENT=production,
 * own process group) on BENCH_LH_PORT (default 8842, inspector +1) unless BENCH_URL points at a
 * running site. Chromium is launched by chrome-launcher (`--headless=new`, debugging port
 * BENCH_LH_CHROME_PORT, default 8844), fresh for every Lighthouse run.
 *
 * HTTP/2 like the edge: wrangler dev only speaks HTTP/1.1, and Lighthouse's simulation gives an
 * HTTP/1.1 origin 6 connections, so each of a page's ~20–45 module chunks costs whole round trips
 * of the emulated 150 ms network (LCP ~1.3 s worse on the home page than over h2). Cloudflare
 * serves h2/h3, so by default the pages are loaded through a small in-process HTTP/2 TLS proxy on
 * BENCH_LH_PROXY_PORT (default 8845) with a throw-away self-signed certificate (`openssl`,
 * Chromium gets --ignore-certificate-errors); the worker sees SITE_ORIGIN = the proxy's origin.
 * BENCH_LH_PROTOCOL=h1 measures wrangler dev directly instead.
 *
 * Pages: home, /carfinder, the first vehicle of /carfinder, the compare page filled with the
 * first three vehicles of /carfinder (the list lives in localStorage and the cookie the list store
 * mirrors it into, both written before the run as an earlier visit leaves them; Lighthouse clears
 * caches but not localStorage or cookies), /werkstatt, /center/center-goslar.
 * Each page is measured as an undecided visitor (no consent cookie: the banner shows) and as a
 * decided one (`agn_consent=v1.none.<now>`, all rejected: no banner), and with BENCH_LH_FLOOR_RUNS as
 * its static floor, the reference in the same run (FLOOR_QUERY).
 *
 * Settings: BENCH_LH_RUNS (runs per page as undecided visitor, default 1; the run with the
 * median performance score counts), BENCH_LH_DECIDED_RUNS (default 1, 0 skips the decided
 * visitor), BENCH_LH_PAGES (comma-separated page names, default all), BENCH_OUT
 * (bench/results/lighthouse.json), CHROMIUM_PATH (/usr/bin/chromium), BENCH_LH_DROP_HEADERS
 * (response headers the proxy drops, comma-separated; attribution only, e.g. what COOP costs),
 * BENCH_LH_CPU_SLOWDOWN (a number, or `calibrated`: see CPU_SLOWDOWN_SETTING below; default Lighthouse's 4x),
 * BENCH_LH_FLOOR_RUNS (default 0: runs per page of the page's static floor, see FLOOR_QUERY).
 * Every full Lighthouse report goes to bench/.work/lighthouse/ (gitignored).
 *
 * Exits non-zero only when something crashes; budget misses are printed and recorded.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { createSecureServer, type Http2SecureServer } from "node:http2";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  fail,
  git,
  median,
  packageVersion,
  proxyTo,
  readKnobs,
  round1,
  round2,
  startWranglerDev,
  stopWranglerDev,
  waitForHealth,
} from "./bench-support.ts";
import {
  CONSENT_COOKIE,
  cpuSlowdownSetting,
  discoverPages,
  get,
  type PageSpec,
  PHONE_UA,
  pickPages,
  rejectedAllConsent,
  type Visitor,
  resolveCpuSlowdown,
} from "./page-set.ts";

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
type LhrAudit = Lhr["audits"][string];

const knobs = readKnobs({
  BENCH_LH_FLOOR_RUNS: 0,
  BENCH_LH_PORT: 8842,
  BENCH_LH_CHROME_PORT: 8844,
  BENCH_LH_PROXY_PORT: 8845,
  BENCH_LH_RUNS: 1,
  BENCH_LH_DECIDED_RUNS: 1,
  BENCH_LH_MIN_BENCHMARK_INDEX: 1000,
  BENCH_LH_RETRIES: 3,
});
const PORT = knobs.BENCH_LH_PORT;
const CHROME_PORT = knobs.BENCH_LH_CHROME_PORT;
const PROXY_PORT = knobs.BENCH_LH_PROXY_PORT;
const PROTOCOL = process.env.BENCH_LH_PROTOCOL === "h1" ? "h1" : "h2";
const RUNS = Math.max(1, knobs.BENCH_LH_RUNS);
const DECIDED_RUNS = Math.max(0, knobs.BENCH_LH_DECIDED_RUNS);
const OUT = process.env.BENCH_OUT ?? "bench/results/lighthouse.json";
/**
 * The reference the pages are measured against in the same run (BENCH_LH_FLOOR_RUNS): the page's
 * "static floor", the decided visitor's HTML with every `<script>` and modulepreload taken out,
 * answered by the proxy from memory at the page's own path plus this query. Its stylesheet,
 * pictures and fonts come from the worker as usual. Nothing with the same content can load faster
 * on this host: no worker render, no JavaScript. How far a page's row is from its floor is what
 * the worker and the app cost on top.
 */
const FLOOR_QUERY = "bench-static-floor";
const FLOOR_RUNS = Math.max(0, knobs.BENCH_LH_FLOOR_RUNS);
/** Who a row measures: the two visitors, or the page's static floor (FLOOR_QUERY). */
type RowKind = Visitor | "floor";
/**
 * Response headers the proxy drops before Chromium sees them, for attribution only (what does a
 * header cost?): e.g. `cross-origin-opener-policy`. Recorded in the settings; never for the
 * figures the budgets are judged by.
 */
const DROP_HEADERS = new Set(
  String(process.env.BENCH_LH_DROP_HEADERS ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean),
);
/**
 * Lighthouse's own threshold for a host too slow for its 4x CPU slowdown (it warns below it). A
 * run whose benchmarkIndex is lower is repeated, up to BENCH_LH_RETRIES times: on a machine shared
 * with other jobs the index swings between ~150 and ~1,550 from one run to the next, and such a
 * run measures the neighbours (TBT ×2–5), not the page.
 */
const MIN_BENCHMARK_INDEX = knobs.BENCH_LH_MIN_BENCHMARK_INDEX;
const RETRIES = Math.max(0, knobs.BENCH_LH_RETRIES);
const REPORT_DIR = "bench/.work/lighthouse";
/**
 * Lighthouse's 4x CPU slowdown turns a host with benchmarkIndex ≈ 1,500 into its mid-tier phone
 * (Lighthouse docs/throttling.md, "Calibrating the CPU slowdown"); on a faster host the same 4x is a
 * faster phone. BENCH_LH_CPU_SLOWDOWN=calibrated uses the multiplier for this host
 * (bench/page-set.ts); a number is used as it is. Unset: Lighthouse's default, the configuration
 * the budgets below are judged in.
 */
const CPU_SLOWDOWN_SETTING = cpuSlowdownSetting("BENCH_LH_CPU_SLOWDOWN");

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// TOOLCHAIN.md: as root Chromium needs --no-sandbox; the rest keeps it off the closed network.
// chrome-launcher adds its own defaults (no extensions, no background networking, no sync, …).
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-dev-shm-usage",
  ...(PROTOCOL === "h2" ? ["--ignore-certificate-errors"] : []),
];
const TLS_DIR = "bench/.work/lighthouse-tls";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

/** The targets for Lighthouse mobile. */
const BUDGETS = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100, lcpMs: 1200, tbtMs: 100, cls: 0.05 };
// ---------------------------------------------------------------- server

function startServer(siteOrigin: string | null) {
  // Production requires the public origin (worker/env.ts): the proxy's, or wrangler dev's own.
  const vars = { ENVIRONMENT: "production", SITE_ORIGIN: siteOrigin ?? `http://127.0.0.1:${PORT}` };
  return startWranglerDev({ port: PORT, inspectorPort: PORT + 1, vars });
}

/** A self-signed certificate for 127.0.0.1 in bench/.work (made once with openssl). */
function tlsCertificate(): { key: Buffer; cert: Buffer } {
  const key = join(TLS_DIR, "key.pem");
  const cert = join(TLS_DIR, "cert.pem");
  if (!existsSync(key) || !existsSync(cert)) {
    mkdirSync(TLS_DIR, { recursive: true });
    const made = spawnSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "3650",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { encoding: "utf8" },
    );
    if (made.status !== 0)
      fail(
        `openssl could not make the proxy's certificate (${made.error?.message ?? made.stderr.trim()}); BENCH_LH_PROTOCOL=h1 measures without it`,
      );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "http2-settings", "host"]);
function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !name.startsWith(":") && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/**
 * HTTP/2 over TLS in front of the upstream, bytes passed through unchanged (the worker and the
 * asset layer already gzip). Stands in for the edge's protocol, nothing else.
 */
function startHttp2Proxy(upstream: URL, floors: ReadonlyMap<string, StaticFloor>): Promise<Http2SecureServer> {
  const forward = proxyTo(
    upstream,
    (headers) => ({ ...forwardable(headers), host: upstream.host }),
    (headers) => {
      const passed = forwardable(headers);
      for (const name of DROP_HEADERS) delete passed[name];
      return passed;
    },
  );
  const server = createSecureServer({ ...tlsCertificate(), allowHTTP1: true }, (request, response) => {
    const floor = floors.get(request.url ?? "");
    if (floor === undefined) return forward(request, response);
    // Compressed and with the page's Link header, as the worker answers the page itself.
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "gzip",
      "cache-control": "no-store",
      ...(floor.link ? { link: floor.link } : {}),
    });
    response.end(floor.gzip);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(PROXY_PORT, "127.0.0.1", () => resolve(server));
  });
}

/** The URL path of a page's static floor on the proxy. */
function floorPath(page: PageSpec): string {
  return `${page.path}${page.path.includes("?") ? "&" : "?"}${FLOOR_QUERY}`;
}

/** A page's static floor as the proxy answers it: the gzipped HTML and the page's own Link header. */
interface StaticFloor {
  gzip: Buffer;
  link: string | null;
}

/**
 * The page's static floor (FLOOR_QUERY): the HTML the worker sends a decided visitor (with the
 * page's cookies), every script element and modulepreload link removed.
 */
async function staticFloor(upstreamUrl: string, page: PageSpec): Promise<StaticFloor> {
  const cookies = [`${CONSENT_COOKIE}=${rejectedAllConsent()}`, ...(page.cookies ?? []).map((c) => `${c.name}=${c.value}`)];
  const response = await fetch(`${upstreamUrl}${page.path}`, { headers: { "User-Agent": PHONE_UA, Cookie: cookies.join("; ") } });
  if (response.status !== 200) fail(`${page.path} answered ${response.status} for its static floor`);
  const html = await response.text();
  const floor = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
  if (/<script\b/i.test(floor)) fail(`${page.path}: a script element is left in its static floor`);
  return { gzip: gzipSync(floor), link: response.headers.get("link") };
}

// ---------------------------------------------------------------- one Lighthouse run

/**
 * Writes the visitor's cookie and the page's localStorage through a short CDP connection, then
 * disconnects. Lighthouse's own reset (clearStorageTypes: file systems, shader cache, service
 * workers, cache storage, plus the HTTP cache) leaves both in place. The origin is opened on
 * /favicon.ico so that no page script or stylesheet gets into the cache before the run.
 */
async function prepareBrowser(port: number, baseUrl: string, page: PageSpec, visitor: Visitor): Promise<void> {
  if (visitor === "undecided" && !page.localStorage && !page.cookies) return;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? fail("no default browser context");
    if (visitor === "decided")
      await context.addCookies([{ name: CONSENT_COOKIE, value: rejectedAllConsent(), url: baseUrl, sameSite: "Lax" }]);
    if (page.cookies) {
      const origin = new URL(baseUrl);
      await context.addCookies(
        page.cookies.map((cookie) => ({
          ...cookie,
          domain: origin.hostname,
          secure: origin.protocol === "https:",
          sameSite: "Lax" as const,
        })),
      );
    }
    if (page.localStorage) {
      const tab = await context.newPage();
      await tab.goto(`${baseUrl}/favicon.ico`);
      await tab.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, page.localStorage);
      await tab.close();
    }
  } finally {
    await browser.close(); // connected over CDP: disconnects, Chromium keeps running
  }
}

/** chrome-launcher silently reuses a Chrome already listening on the port: make sure none is. */
async function waitForFreeChromePort(): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await fetch(`http://127.0.0.1:${CHROME_PORT}/json/version`);
    } catch {
      return; // nothing listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`something still listens on the Chrome debugging port ${CHROME_PORT} (BENCH_LH_CHROME_PORT)`);
}

/** Lighthouse could not measure the load (a lost trace, NO_NAVSTART and the like): worth another run. */
class LighthouseRuntimeError extends Error {}

/** One Lighthouse run; a runtime error is retried up to RETRIES times (on a busy host Chrome loses a trace now and then). */
async function runLighthouseRetrying(baseUrl: string, page: PageSpec, kind: RowKind): Promise<Lhr> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await runLighthouse(baseUrl, page, kind);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= RETRIES) throw error;
      console.log(`  ${page.name} ${kind}: ${error.message}, running it again`);
    }
  }
}

async function runLighthouse(baseUrl: string, page: PageSpec, kind: RowKind): Promise<Lhr> {
  await waitForFreeChromePort();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    port: CHROME_PORT,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  try {
    await prepareBrowser(chrome.port, baseUrl, page, kind === "floor" ? "decided" : kind);
    const result = await lighthouse(`${baseUrl}${kind === "floor" ? floorPath(page) : page.path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(cpuSlowdown === null ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
    });
    if (!result) fail(`Lighthouse returned nothing for ${page.path}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse runtime error on ${page.path}: ${lhr.runtimeError.code}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

// ---------------------------------------------------------------- reading a report

const score = (lhr: Lhr, category: Category) => Math.round((lhr.categories[category]?.score ?? Number.NaN) * 100);
const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

interface NodeInfo {
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
  explanation?: string;
}
function nodeInfo(value: unknown): NodeInfo | undefined {
  if (!value || typeof value !== "object" || (value as { type?: string }).type !== "node") return undefined;
  const node = value as NodeInfo;
  return {
    selector: node.selector,
    snippet: node.snippet,
    nodeLabel: node.nodeLabel,
    ...(node.explanation ? { explanation: node.explanation } : {}),
  };
}

type Details = { type?: string; items?: unknown[] } | undefined;

interface TreeNode {
  url: string;
  navStartToEndTime: number;
  transferSize: number;
  isLongest?: boolean;
  children?: Record<string, TreeNode>;
}
/** The longest request chain of a network-tree (network-dependency-tree-insight). */
function longestChain(chains: Record<string, TreeNode>): Array<{ url: string; endMs: number; transferSize: number }> {
  const chain: Array<{ url: string; endMs: number; transferSize: number }> = [];
  let level: Record<string, TreeNode> | undefined = chains;
  while (level && Object.keys(level).length > 0) {
    const nodes: TreeNode[] = Object.values(level);
    const next: TreeNode =
      nodes.find((node) => node.isLongest) ?? nodes.reduce((a, b) => (b.navStartToEndTime > a.navStartToEndTime ? b : a));
    chain.push({ url: next.url, endMs: Math.round(next.navStartToEndTime), transferSize: next.transferSize });
    level = next.children;
  }
  return chain;
}

/** A few of an audit's table rows, with the columns that say what to fix. */
function topItems(audit: LhrAudit, limit = 5): Array<Record<string, unknown>> {
  const details = audit.details as Details;
  if (!details?.items) return [];
  // Checklists (insights): the checks that fail.
  if (details.type === "checklist" && !Array.isArray(details.items)) {
    return Object.values(details.items as Record<string, { label: string; value: boolean }>)
      .filter((check) => !check.value)
      .map((check) => ({ failedCheck: check.label }));
  }
  if (!Array.isArray(details.items)) return [];
  const rows: Array<Record<string, unknown>> = [];
  for (const raw of details.items.slice(0, limit)) {
    if (!raw || typeof raw !== "object") continue;
    const item = raw as Record<string, unknown>;
    if (item.type === "checklist" || item.type === "table") {
      rows.push(...topItems({ ...audit, details: item } as LhrAudit, limit));
      continue;
    }
    if (item.type === "list-section") {
      const value = item.value as { type?: string; chains?: Record<string, TreeNode> } | undefined;
      if (value?.type === "network-tree" && value.chains) rows.push({ longestChain: longestChain(value.chains) });
      continue;
    }
    if (item.type === "node") {
      rows.push({ node: nodeInfo(item) });
      continue;
    }
    const row: Record<string, unknown> = {};
    for (const key of [
      "url",
      "label",
      "groupLabel",
      "issueType",
      "entity",
      "source",
      "totalBytes",
      "wastedBytes",
      "wastedMs",
      "total",
      "scripting",
      "startTime",
      "duration",
      "transferSize",
      "mainThreadTime",
      "score",
      "value",
      "description",
    ]) {
      const value = item[key];
      if (value === undefined || value === null) continue;
      // Layout shift scores are fractions; times and bytes are whole numbers.
      if (typeof value === "number")
        row[key] = Math.abs(value) < 10 && !Number.isInteger(value) ? Number(value.toFixed(3)) : Math.round(value);
      else if (typeof value === "string" || typeof value === "boolean") row[key] = value;
      else if (typeof value === "object" && (value as { type?: string }).type === "url") row[key] = (value as { value?: string }).value;
      else if (typeof value === "object" && (value as { type?: string }).type === "source-location")
        row[key] = (value as { url?: string }).url;
      else if (typeof value === "object" && (value as { formattedDefault?: string }).formattedDefault)
        row[key] = (value as { formattedDefault: string }).formattedDefault;
    }
    const node = nodeInfo(item.node);
    if (node) row.node = node;
    const subItems = (item.subItems as { items?: Array<Record<string, unknown>> } | undefined)?.items;
    if (subItems?.length) {
      row.subItems = subItems
        .slice(0, 3)
        .map(
          (sub) =>
            nodeInfo(sub.relatedNode) ?? nodeInfo(sub.node) ?? (typeof sub.url === "string" ? sub.url : JSON.stringify(sub).slice(0, 200)),
        );
    }
    if (Object.keys(row).length > 0) rows.push(row);
  }
  return rows;
}

/** Failing audits of a category that count for its score (weight > 0), and the unweighted ones apart. */
function failingAudits(lhr: Lhr, category: Category) {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
    .filter(
      ({ ref, audit }) =>
        ref.group !== "hidden" &&
        audit.score !== null &&
        audit.score < 1 &&
        ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode),
    )
    .map(({ ref, audit }) => ({
      id: audit.id,
      title: audit.title,
      weight: round2(ref.weight),
      score: audit.score,
      displayValue: audit.displayValue,
      items: topItems(audit, 8),
    }))
    .sort((a, b) => b.weight - a.weight);
}

const savingsMs = (audit: LhrAudit) =>
  Object.entries(audit.metricSavings ?? {}).reduce((sum, [metric, value]) => (metric === "CLS" ? sum : sum + (value ?? 0)), 0);

/** Insights and diagnostics the report shows as not passed (score < 0.9, Lighthouse's pass mark), biggest savings first. */
function perfFindings(lhr: Lhr) {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.group === "insights" || ref.group === "diagnostics")
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => !["notApplicable", "manual", "error"].includes(audit.scoreDisplayMode))
    .filter((audit) => (audit.score !== null && audit.score < 0.9) || savingsMs(audit) > 0 || (audit.metricSavings?.CLS ?? 0) > 0)
    .map((audit) => {
      const details = audit.details as (Details & { overallSavingsMs?: number; overallSavingsBytes?: number }) | undefined;
      return {
        id: audit.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        metricSavings: audit.metricSavings,
        overallSavingsMs: details?.overallSavingsMs === undefined ? undefined : Math.round(details.overallSavingsMs),
        overallSavingsBytes: details?.overallSavingsBytes === undefined ? undefined : Math.round(details.overallSavingsBytes),
        items: topItems(audit),
      };
    })
    .sort(
      (a, b) => savingsMs(lhr.audits[b.id]!) - savingsMs(lhr.audits[a.id]!) || (b.overallSavingsBytes ?? 0) - (a.overallSavingsBytes ?? 0),
    );
}

/** LCP element and the breakdown of its time (lcp-breakdown-insight). */
function lcpInfo(lhr: Lhr) {
  const details = lhr.audits["lcp-breakdown-insight"]?.details as Details;
  const items = (details?.type === "list" ? details.items : []) as Array<{
    type?: string;
    items?: Array<{ subpart?: string; duration?: number }>;
  }>;
  const table = items.find((item) => item.type === "table");
  const element = items.map(nodeInfo).find(Boolean);
  const breakdown = Object.fromEntries((table?.items ?? []).map((row) => [row.subpart ?? "?", Math.round(row.duration ?? 0)]));
  const discovery = lhr.audits["lcp-discovery-insight"];
  return {
    element,
    breakdownMs: breakdown,
    discovery: discovery && discovery.scoreDisplayMode !== "notApplicable" ? topItems(discovery) : undefined,
  };
}

function transfer(lhr: Lhr) {
  const details = lhr.audits["resource-summary"]?.details as Details;
  const rows = (details?.items ?? []) as Array<{ resourceType: string; requestCount: number; transferSize: number }>;
  const kb = (type: string) => round1((rows.find((row) => row.resourceType === type)?.transferSize ?? 0) / 1024);
  const count = (type: string) => rows.find((row) => row.resourceType === type)?.requestCount ?? 0;
  return {
    totalKb: kb("total"),
    documentKb: kb("document"),
    scriptKb: kb("script"),
    stylesheetKb: kb("stylesheet"),
    imageKb: kb("image"),
    fontKb: kb("font"),
    otherKb: kb("other"),
    thirdPartyKb: kb("third-party"),
    requests: {
      total: count("total"),
      script: count("script"),
      stylesheet: count("stylesheet"),
      image: count("image"),
      font: count("font"),
    },
  };
}

function summarise(page: PageSpec, visitor: RowKind, lhrs: Lhr[], reportFiles: string[], discarded: number[]) {
  // The run with the median performance score counts (upper median for an even count).
  const order = lhrs.map((lhr, index) => ({ index, perf: score(lhr, "performance") })).sort((a, b) => a.perf - b.perf);
  const chosen = order[Math.floor(order.length / 2)]!.index;
  const lhr = lhrs[chosen]!;
  const scores = {
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    seo: score(lhr, "seo"),
  };
  const metrics = {
    fcpMs: Math.round(numeric(lhr, "first-contentful-paint")),
    lcpMs: Math.round(numeric(lhr, "largest-contentful-paint")),
    tbtMs: Math.round(numeric(lhr, "total-blocking-time")),
    cls: Number(numeric(lhr, "cumulative-layout-shift").toFixed(3)),
    siMs: Math.round(numeric(lhr, "speed-index")),
    serverResponseMs: Math.round(numeric(lhr, "server-response-time")),
    mainThreadMs: Math.round(numeric(lhr, "mainthread-work-breakdown")),
    jsBootupMs: Math.round(numeric(lhr, "bootup-time")),
  };
  const misses: string[] = [];
  if (scores.performance < BUDGETS.performance) misses.push(`performance ${scores.performance} < ${BUDGETS.performance}`);
  if (scores.accessibility < BUDGETS.accessibility) misses.push(`accessibility ${scores.accessibility} < ${BUDGETS.accessibility}`);
  if (scores.bestPractices < BUDGETS["best-practices"])
    misses.push(`best practices ${scores.bestPractices} < ${BUDGETS["best-practices"]}`);
  if (scores.seo < BUDGETS.seo) misses.push(`SEO ${scores.seo} < ${BUDGETS.seo}`);
  if (metrics.lcpMs > BUDGETS.lcpMs) misses.push(`LCP ${metrics.lcpMs} ms > ${BUDGETS.lcpMs} ms`);
  if (metrics.tbtMs > BUDGETS.tbtMs) misses.push(`TBT ${metrics.tbtMs} ms > ${BUDGETS.tbtMs} ms`);
  if (metrics.cls > BUDGETS.cls) misses.push(`CLS ${metrics.cls} > ${BUDGETS.cls}`);
  const clsMax = Math.max(...lhrs.map((run) => numeric(run, "cumulative-layout-shift")));
  if (metrics.cls <= BUDGETS.cls && clsMax > BUDGETS.cls)
    misses.push(
      `CLS ${clsMax.toFixed(3)} > ${BUDGETS.cls} in ${lhrs.filter((run) => numeric(run, "cumulative-layout-shift") > BUDGETS.cls).length} of ${lhrs.length} runs`,
    );
  return {
    page: page.name,
    path: page.path,
    ...(page.note ? { note: page.note } : {}),
    visitor,
    runs: lhrs.length,
    performanceScoresOfRuns: lhrs.map((run) => score(run, "performance")),
    medianRun: chosen,
    /** CLS differs between runs of the same page (a shift around hydration happens or not): the worst run. */
    clsMaxOfRuns: Number(Math.max(...lhrs.map((run) => numeric(run, "cumulative-layout-shift"))).toFixed(3)),
    benchmarkIndexOfRuns: lhrs.map((run) => run.environment.benchmarkIndex),
    /** benchmarkIndex of runs repeated because the host was slower than MIN_BENCHMARK_INDEX. */
    discardedSlowHostRuns: discarded,
    scores,
    metrics,
    transfer: transfer(lhr),
    lcp: lcpInfo(lhr),
    renderBlocking: topItems(lhr.audits["render-blocking-insight"]!, 10),
    layoutShifts: topItems(lhr.audits["layout-shifts"] ?? lhr.audits["cls-culprits-insight"]!, 5),
    perfFindings: perfFindings(lhr),
    failing: {
      accessibility: failingAudits(lhr, "accessibility"),
      bestPractices: failingAudits(lhr, "best-practices"),
      seo: failingAudits(lhr, "seo"),
    },
    budgetMisses: misses,
    runWarnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    report: reportFiles[chosen],
  };
}

// ---------------------------------------------------------------- main

function chromiumVersion(): string {
  return spawnSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "unknown";
}

if (!process.env.BENCH_URL) {
  if (!existsSync("dist/build-info.json") || !existsSync("dist/client")) fail("dist/ is missing: run `npm run build` first");
  if (!existsSync(".wrangler/state/v3/d1") || !existsSync(".wrangler/state/v3/kv"))
    fail("no seeded state in .wrangler/state/v3: run `npm run seed` first");
}
if (!existsSync(CHROMIUM_PATH)) fail(`no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
mkdirSync(REPORT_DIR, { recursive: true });

const upstreamUrl = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, "");
const useProxy = PROTOCOL === "h2" && upstreamUrl.startsWith("http:");
if (DROP_HEADERS.size > 0 && !useProxy) fail("BENCH_LH_DROP_HEADERS needs the HTTP/2 proxy (BENCH_LH_PROTOCOL=h2, an http: upstream)");
if (FLOOR_RUNS > 0 && !useProxy) fail("BENCH_LH_FLOOR_RUNS needs the HTTP/2 proxy (BENCH_LH_PROTOCOL=h2, an http: upstream)");
/** The origin Chromium loads: the HTTP/2 proxy, or the upstream itself. */
const baseUrl = useProxy ? `https://127.0.0.1:${PROXY_PORT}` : upstreamUrl;
const server = process.env.BENCH_URL ? null : startServer(useProxy ? baseUrl : null);
let proxy: Http2SecureServer | null = null;
const stopServer = () => {
  proxy?.close();
  stopWranglerDev(server);
};
process.once("SIGINT", () => {
  stopServer();
  process.exit(130);
});

/** multiplier null: Lighthouse's default. */
let cpuSlowdown: number | null = null;
let calibration: { benchmarkIndex: number; multiplier: number } | null = null;

try {
  ({ multiplier: cpuSlowdown, calibration } = await resolveCpuSlowdown(CPU_SLOWDOWN_SETTING, CHROMIUM_PATH, CHROME_FLAGS));
  await waitForHealth(upstreamUrl, server);
  const pages = pickPages(await discoverPages(upstreamUrl), "BENCH_LH_PAGES");
  const floors = new Map<string, StaticFloor>();
  if (FLOOR_RUNS > 0) for (const page of pages) floors.set(floorPath(page), await staticFloor(upstreamUrl, page));
  if (useProxy) proxy = await startHttp2Proxy(new URL(upstreamUrl), floors);
  // Every page must answer 200; this also warms the isolate and the worker's HTML cache.
  for (const page of pages) {
    const { status } = await get(`${upstreamUrl}${page.path}`);
    if (status !== 200) fail(`${page.path} answered ${status}`);
  }
  const loadBefore = loadavg().map(round2);
  if (loadBefore[0]! > 0.5 * cpus().length) {
    console.warn(
      `bench: load average ${loadBefore[0]} on ${cpus().length} cores before start: other processes compete for the CPU; Lighthouse's simulation scales the observed CPU time by ${cpuSlowdown ?? 4} and its paint order follows the observed load, so scores will be low and noisy (see benchmarkIndex per row)`,
    );
  }
  const started = Date.now();
  const rows = [];
  for (const page of pages) {
    for (const [visitor, runs] of [
      ["undecided", RUNS],
      ["decided", DECIDED_RUNS],
      ["floor", FLOOR_RUNS],
    ] as const) {
      const lhrs: Lhr[] = [];
      const files: string[] = [];
      const discarded: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        let lhr = await runLighthouseRetrying(baseUrl, page, visitor);
        for (let retry = 0; retry < RETRIES && lhr.environment.benchmarkIndex < MIN_BENCHMARK_INDEX; retry += 1) {
          console.log(
            `  ${page.name} ${visitor} run ${run + 1}: benchmarkIndex ${lhr.environment.benchmarkIndex} < ${MIN_BENCHMARK_INDEX} (host busy), running it again`,
          );
          discarded.push(lhr.environment.benchmarkIndex);
          await new Promise((resolve) => setTimeout(resolve, 5000));
          lhr = await runLighthouseRetrying(baseUrl, page, visitor);
        }
        const file = join(REPORT_DIR, `${page.name}-${visitor}-${run + 1}.json`);
        writeFileSync(file, JSON.stringify(lhr));
        lhrs.push(lhr);
        files.push(file);
        console.log(
          `  ${page.name} ${visitor} run ${run + 1}/${runs}: performance ${score(lhr, "performance")}, LCP ${Math.round(numeric(lhr, "largest-contentful-paint"))} ms, TBT ${Math.round(numeric(lhr, "total-blocking-time"))} ms, CLS ${numeric(lhr, "cumulative-layout-shift").toFixed(3)} (benchmarkIndex ${lhr.environment.benchmarkIndex})`,
        );
      }
      if (lhrs.length > 0) rows.push(summarise(page, visitor, lhrs, files, discarded));
    }
  }

  const firstLhr = JSON.parse(readFileSync(rows[0]!.report!, "utf8")) as Lhr;
  const result = {
    measuredAt: new Date().toISOString(),
    commit: git("rev-parse", "--short", "HEAD"),
    buildId: existsSync("dist/build-info.json")
      ? (JSON.parse(readFileSync("dist/build-info.json", "utf8")) as { buildId?: string }).buildId
      : undefined,
    settings: {
      lighthouse: packageVersion("lighthouse"),
      chromium: chromiumVersion(),
      chromeFlags: CHROME_FLAGS,
      config:
        cpuSlowdown === null
          ? "Lighthouse default (mobile): formFactor mobile, simulated throttling"
          : `Lighthouse default (mobile) but CPU slowdown ${cpuSlowdown}x${calibration ? ` (calibrated to host benchmarkIndex ${calibration.benchmarkIndex})` : ""}`,
      ...(calibration ? { cpuCalibration: calibration } : {}),
      throttling: firstLhr.configSettings.throttling,
      screenEmulation: firstLhr.configSettings.screenEmulation,
      emulatedUserAgent: firstLhr.configSettings.emulatedUserAgent,
      runsPerPage: { undecided: RUNS, decided: DECIDED_RUNS, floor: FLOOR_RUNS },
      medianBy: "performance score",
      minBenchmarkIndex: MIN_BENCHMARK_INDEX,
      retriesBelowIt: RETRIES,
      visitors:
        "undecided: no consent cookie (banner shown); decided: agn_consent=v1.none.<now> (all rejected, no banner); " +
        "floor: the decided visitor's HTML without its scripts, answered by the proxy from memory (the page's static floor)",
      server: process.env.BENCH_URL ? upstreamUrl : "wrangler dev, NODE_ENV=production, ENVIRONMENT=production, seeded local KV/D1",
      protocol: useProxy
        ? `HTTP/2 over TLS (in-process proxy ${baseUrl} → ${upstreamUrl}, self-signed certificate, SITE_ORIGIN=${baseUrl})`
        : `as served by ${upstreamUrl}`,
      droppedResponseHeaders: [...DROP_HEADERS],
      cores: cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map(round2),
      durationSeconds: Math.round((Date.now() - started) / 1000),
    },
    budgets: BUDGETS,
    medianBenchmarkIndex: median(rows.flatMap((row) => row.benchmarkIndexOfRuns)),
    rows,
  };
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);

  // ---------------------------------------------------------------- table
  const header = [
    "page",
    "visitor",
    "perf",
    "a11y",
    "BP",
    "SEO",
    "LCP s",
    "FCP s",
    "TBT ms",
    "CLS",
    "CLS max",
    "SI s",
    "JS KB",
    "CSS KB",
    "img KB",
    "font KB",
  ];
  const lines = rows.map((row) => [
    row.page,
    row.visitor,
    String(row.scores.performance),
    String(row.scores.accessibility),
    String(row.scores.bestPractices),
    String(row.scores.seo),
    (row.metrics.lcpMs / 1000).toFixed(2),
    (row.metrics.fcpMs / 1000).toFixed(2),
    String(row.metrics.tbtMs),
    row.metrics.cls.toFixed(3),
    row.clsMaxOfRuns.toFixed(3),
    (row.metrics.siMs / 1000).toFixed(2),
    row.transfer.scriptKb.toFixed(1),
    row.transfer.stylesheetKb.toFixed(1),
    row.transfer.imageKb.toFixed(1),
    row.transfer.fontKb.toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  console.log(
    `\nLighthouse ${result.settings.lighthouse} mobile (simulated throttling${cpuSlowdown === null ? "" : `, CPU ${cpuSlowdown}x`}), ${result.settings.chromium}, median benchmarkIndex ${result.medianBenchmarkIndex}`,
  );
  console.log(format(header));
  for (const line of lines) console.log(format(line));
  console.log(
    `\nbudgets: perf ≥ ${BUDGETS.performance}, a11y ${BUDGETS.accessibility}, BP ${BUDGETS["best-practices"]}, SEO ${BUDGETS.seo}, LCP ≤ ${BUDGETS.lcpMs} ms, TBT ≤ ${BUDGETS.tbtMs} ms, CLS ≤ ${BUDGETS.cls}`,
  );
  for (const row of rows) {
    if (row.budgetMisses.length === 0) console.log(`  ${row.page} (${row.visitor}): all budgets met`);
    else console.log(`  ${row.page} (${row.visitor}) MISSES: ${row.budgetMisses.join("; ")}`);
  }
  console.log(`wrote ${OUT} (full reports in ${REPORT_DIR}/)`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stopServer();
}
