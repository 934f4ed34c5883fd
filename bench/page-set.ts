/**
 * What the browser benches load, shared by bench/lighthouse.ts, bench/long-frames.ts and
 * bench/first-layout.ts: the six page types (home, /carfinder, its first vehicle, the compare page
 * with three vehicles, a content page, a location page), the two visitors (consent undecided: the
 * banner shows; decided: all rejected), a phone's browser context, and the host's CPU calibration
 * against Lighthouse's mobile phone.
 */
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { LIST_COOKIES } from "../domain/vehicle-list-cookie.ts";
import { fail, median, round2 } from "./bench-support.ts";

export const CONSENT_COOKIE = "agn_consent"; // domain/consent.ts
const COMPARE_STORAGE_KEY = "agn-compare"; // ui/carfinder/vehicle-lists.ts
const COMPARE_PATH = "/carfinder/vergleichen"; // domain/site-paths.ts
const LOCATION_PATH = "/center/center-goslar"; // kv-seed/demo-locations.ts
const CONTENT_PATH = "/werkstatt"; // kv-seed/demo-space

export type Visitor = "undecided" | "decided";
/** The consent cookie's value of a decided visitor who rejected everything (domain/consent.ts), decided now. */
export function rejectedAllConsent(): string {
  return `v1.none.${Math.floor(Date.now() / 1000)}`;
}
export interface PageSpec {
  name: string;
  path: string;
  /** localStorage entries written on the origin before the run. */
  localStorage?: Record<string, string>;
  /** Cookies an earlier visit left (besides the consent cookie), each for its own path. */
  cookies?: Array<{ name: string; value: string; path: string }>;
  note?: string;
}

// A phone browser, like Lighthouse's emulated one (the worker treats bots differently).
export const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";
export async function get(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { headers: { "User-Agent": PHONE_UA, "Accept-Encoding": "gzip, br" }, redirect: "manual" });
  return { status: response.status, body: await response.text() };
}

/**
 * A fresh context as Lighthouse's emulated phone (412×823 at 1.75x, touch, a phone's user agent)
 * holding what an earlier visit left for `page`: its cookies and localStorage, and for a decided
 * visitor the consent cookie (all rejected).
 */
export async function phoneContext(browser: Browser, baseUrl: string, page: PageSpec, visitor: Visitor): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
  });
  const cookies = [
    ...(visitor === "decided" ? [{ name: CONSENT_COOKIE, value: rejectedAllConsent(), path: "/" }] : []),
    ...(page.cookies ?? []),
  ];
  const { hostname } = new URL(baseUrl);
  if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, domain: hostname, sameSite: "Lax" as const })));
  if (page.localStorage)
    await context.addInitScript((storage) => {
      for (const [key, value] of Object.entries(storage)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    }, page.localStorage);
  return context;
}

/** The pages, with the vehicle and the compare list taken from the live /carfinder page. */
export async function discoverPages(upstreamUrl: string): Promise<PageSpec[]> {
  const carfinder = await get(`${upstreamUrl}/carfinder`);
  if (carfinder.status !== 200) throw new Error(`/carfinder answered ${carfinder.status}`);
  const cards = [
    ...carfinder.body.matchAll(/class="vehicle-card__title"><a\b[^>]*?\shref="(\/carfinder\/(\d+)-[^"]+)"[^>]*>([^<]+)<\/a>/g),
  ].map((match) => ({
    path: match[1]!,
    id: Number(match[2]),
    title: match[3]!
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'"),
  }));
  if (cards.length < 3) throw new Error(`/carfinder lists ${cards.length} vehicle cards, need 3 (is the stock seeded?)`);
  const compared = cards.slice(0, 3);
  const compareList = JSON.stringify({
    state: { entries: compared.map((card, index) => ({ id: card.id, title: card.title, addedAt: Date.now() + index })) },
    version: 1,
  });
  return [
    { name: "home", path: "/" },
    { name: "carfinder", path: "/carfinder" },
    { name: "vehicle", path: cards[0]!.path, note: "first vehicle card of /carfinder" },
    {
      name: "compare",
      path: COMPARE_PATH,
      localStorage: { [COMPARE_STORAGE_KEY]: compareList },
      // What the list store mirrors into its page's cookie on any earlier visit (domain/vehicle-list-cookie.ts).
      cookies: [{ name: LIST_COOKIES.compare, value: compared.map((card) => card.id).join("."), path: COMPARE_PATH }],
      note: `compare list in localStorage and its cookie mirror: ${compared.map((card) => card.id).join(", ")}`,
    },
    { name: "content", path: CONTENT_PATH },
    { name: "location", path: LOCATION_PATH },
  ];
}

/** The pages a comma-separated knob names (all when it is unset or empty); an unknown name fails, listing the known ones. */
export function pickPages(all: PageSpec[], knob: string): PageSpec[] {
  const wanted = String(process.env[knob] ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = wanted.filter((name) => !all.some((page) => page.name === name));
  if (unknown.length > 0) fail(`${knob}: unknown page ${unknown.join(", ")} (known: ${all.map((page) => page.name).join(", ")})`);
  return all.filter((page) => wanted.length === 0 || wanted.includes(page.name));
}

/** Lighthouse's CPU throttling calculator: the multiplier that makes this host its mid-tier phone. */
function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** This host's benchmarkIndex as Lighthouse computes it, in the Chromium it drives: median of five after a warm-up. */
async function hostBenchmarkIndex(chromiumPath: string, flags: readonly string[]): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: flags.filter((flag) => flag !== "--headless=new") });
  try {
    const page = await browser.newPage();
    const compute = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
    // The first one runs while the browser is still starting up: not counted.
    await page.evaluate(compute);
    const values: number[] = [];
    for (let run = 0; run < 5; run += 1) values.push(await page.evaluate(compute));
    return median(values);
  } finally {
    await browser.close();
  }
}

/**
 * A bench's CPU slowdown setting, read from `knob` before anything starts: a multiplier ≥ 1,
 * `calibrated`, or null when unset (the bench's own default).
 */
export function cpuSlowdownSetting(knob: string): number | "calibrated" | null {
  const value = String(process.env[knob] ?? "").trim();
  if (!value) return null;
  if (value === "calibrated") return value;
  const multiplier = Number(value);
  if (!(multiplier >= 1)) fail(`${knob}: a multiplier ≥ 1 or "calibrated", not ${JSON.stringify(value)}`);
  return multiplier;
}

/**
 * The multiplier a setting stands for. `calibrated` measures this host's benchmarkIndex first
 * (Lighthouse's own page function in the same Chromium) and takes Lighthouse's CPU throttling
 * calculator's multiplier for it (1,300 → 3x, 1,533 → 4x, 2,000 → 6x, linear above; extrapolated
 * above 2,000), recorded as `calibration`.
 */
export async function resolveCpuSlowdown(
  setting: number | "calibrated" | null,
  chromiumPath: string,
  flags: readonly string[],
): Promise<{ multiplier: number | null; calibration: { benchmarkIndex: number; multiplier: number } | null }> {
  if (setting !== "calibrated") return { multiplier: setting, calibration: null };
  const benchmarkIndex = await hostBenchmarkIndex(chromiumPath, flags);
  const multiplier = round2(calibratedCpuSlowdown(benchmarkIndex));
  console.log(`bench: host benchmarkIndex ${benchmarkIndex}: CPU slowdown ${multiplier}x (Lighthouse's calculator)`);
  return { multiplier, calibration: { benchmarkIndex, multiplier } };
}
