import { gzipSync } from "node:zlib";
import { writeFileSync, mkdirSync } from "node:fs";
import { test, expect, open } from "./fixtures.ts";
import { FIRST_IDLE_MARK } from "../ui/when-idle.ts";

/**
 * First-load budgets (docs/performance.md): everything the browser asks for until
 * the network is quiet after hydration, the whole module graph included (modulepreloads, the
 * entry's imports, every lazy chunk hydration needed). Sizes are gzip level 9 of each file, as
 * `npm run bench:js` counts them. Each page's figures land in test-results/first-load/. Chunks
 * deferred by design to the first idle period (IDLE_CHUNKS below) or to an interaction are outside.
 *
 * Home and content pages hydrate only their islands (ADR 0017): React and the islands they
 * have, no router and no layout code.
 */
const KB = 1024;
const PAGES: Array<{ type: string; path: string; budgetKb: number; targetKb: number }> = [
  { type: "carfinder", path: "/carfinder", budgetKb: 120, targetKb: 120 },
  { type: "vehicle detail", path: "/carfinder/100001-1-mercedes-benz-a-180-progressive", budgetKb: 120, targetKb: 120 },
  { type: "compare", path: "/carfinder/vergleichen", budgetKb: 120, targetKb: 120 },
  { type: "favourites", path: "/carfinder/favoriten", budgetKb: 120, targetKb: 120 },
  { type: "location", path: "/center/center-goslar", budgetKb: 120, targetKb: 120 },
  { type: "location list", path: "/standorte", budgetKb: 120, targetKb: 120 },
  { type: "brand models", path: "/mercedes-benz/modelle", budgetKb: 120, targetKb: 120 },
  { type: "model detail", path: "/mercedes-benz/modelle/glc-suv", budgetKb: 120, targetKb: 120 },
  { type: "lease overview", path: "/stock/private-lease", budgetKb: 120, targetKb: 120 },
  { type: "lease detail", path: "/stock/private-lease/100001-1-mercedes-benz-a-180-progressive", budgetKb: 120, targetKb: 120 },
  { type: "lease calculator", path: "/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator", budgetKb: 120, targetKb: 120 },
  { type: "finance overview", path: "/stock/private-finance", budgetKb: 120, targetKb: 120 },
  { type: "finance detail", path: "/stock/private-finance/100001-1-mercedes-benz-a-180-progressive", budgetKb: 120, targetKb: 120 },
  { type: "home", path: "/", budgetKb: 120, targetKb: 120 },
  { type: "content", path: "/werkstatt", budgetKb: 90, targetKb: 90 },
];
const CSS_BUDGET_KB = 30;
/**
 * Chunks deferred by design, by the name Vite gives them: what ui/when-idle.ts loads on the first
 * idle period (the /api ports, client/browser-ports.ts; the compare/favourite toggles with their
 * store; a center's contact persons with their card and department names,
 * ui/people/location-employees-slot.tsx) and the chat bubble, due one second after load (ui/chat/autochat.tsx, spec section 9),
 * with the chat view's consent gate and script loader and the focus helper the chat shares with the booking
 * session — in the app build the panel and its shared parts are one chunk, "chat" (vite-chunk-groups.ts)
 * — (an embed that needs the gate for hydration asks for it before the idle mark and is counted).
 * Only counted out when requested after the idle mark.
 */
const IDLE_CHUNKS =
  /^\/assets\/(?:ed-)?(browser-ports|location-employees|employee-card|employees|vehicle-list-toggles-live|vehicle-lists|vehicle-list-rules|vehicle-list-schema|chat-launcher|chat|chat-view|focus-when|contact-fallback|consent-gate|script-loader|vehicle-location|opening-hours|location-card|after-idle|sentry-browser|breadcrumbs)-[\w-]+\.js$/;

const gzipKb = (body: Buffer) => gzipSync(body, { level: 9 }).length / KB;

test.describe("first-load JavaScript and CSS per page type", () => {
  for (const { type, path, budgetKb, targetKb } of PAGES) {
    test(`${type} (${path}) stays within ${budgetKb} KB of JavaScript and ${CSS_BUDGET_KB} KB of CSS`, async ({ page, request }) => {
      // The moment React has hydrated (document-root sets data-hydrated in its first effect).
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.documentElement.dataset.hydrated !== "true") return;
          (window as unknown as { __hydratedAt: number }).__hydratedAt = performance.now();
          observer.disconnect();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
      });
      await open(page, path);
      // The first load is everything the page asks for until the network is quiet after hydration:
      // the modulepreloads, the entry's graph and every lazy chunk hydration asked for, however
      // late React's selective hydration got to its boundary. Outside are only the chunks that
      // wait for the first idle period by design (ui/when-idle.ts: the /api ports, the
      // compare/favourite store) — requested after the idle mark and named in IDLE_CHUNKS — and
      // chunks loaded on interaction (none happens here).
      await expect
        .poll(() => page.evaluate((mark) => performance.getEntriesByName(mark).length, FIRST_IDLE_MARK), { timeout: 10_000 })
        .toBe(1);
      await page.waitForLoadState("networkidle");
      const entries = await page.evaluate((mark) => {
        const hydratedAt = (window as unknown as { __hydratedAt: number }).__hydratedAt;
        const idleAt = performance.getEntriesByName(mark)[0]!.startTime;
        if (!(hydratedAt <= idleAt)) throw new Error(`the first idle period (${idleAt}) came before hydration (${hydratedAt})`);
        return (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => /\.(m?js|css)$/.test(new URL(entry.name).pathname))
          .map((entry) => ({
            name: entry.name,
            afterIdle: entry.startTime >= idleAt,
            type: new URL(entry.name).pathname.endsWith(".css") ? "css" : "js",
          }));
      }, FIRST_IDLE_MARK);
      const files = entries.filter((entry) => !(entry.afterIdle && IDLE_CHUNKS.test(new URL(entry.name).pathname)));
      const idleFiles = entries.filter((entry) => !files.includes(entry)).map((entry) => new URL(entry.name).pathname);
      const sized = [];
      for (const file of new Map(files.map((f) => [f.name, f])).values()) {
        const response = await request.get(file.name);
        expect(response.ok(), file.name).toBe(true);
        sized.push({ ...file, kb: gzipKb(await response.body()) });
      }
      const jsKb = sized.filter((f) => f.type === "js").reduce((sum, f) => sum + f.kb, 0);
      const cssKb = sized.filter((f) => f.type === "css").reduce((sum, f) => sum + f.kb, 0);
      const result = {
        type,
        path,
        jsKb: Number(jsKb.toFixed(1)),
        cssKb: Number(cssKb.toFixed(1)),
        budgetKb,
        targetKb,
        files: sized.map((f) => ({ file: new URL(f.name).pathname, kb: Number(f.kb.toFixed(2)) })),
        loadedOnIdle: idleFiles,
      };
      mkdirSync("test-results/first-load", { recursive: true });
      writeFileSync(`test-results/first-load/${type.replace(/\W+/g, "-")}.json`, `${JSON.stringify(result, null, 2)}\n`);
      expect(
        sized.some((f) => f.type === "js" && /\/assets\/(ed-)?framework-/.test(f.name)),
        "the framework chunk is counted",
      ).toBe(true);
      expect(jsKb, `${type}: ${jsKb.toFixed(1)} KB of JS (gzip)`).toBeLessThanOrEqual(budgetKb);
      expect(cssKb, `${type}: ${cssKb.toFixed(1)} KB of CSS (gzip)`).toBeLessThanOrEqual(CSS_BUDGET_KB);
    });
  }
});
