import { lazy, Suspense } from "react";
import { expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { ServerListTogglesContext, VehicleListToggles } from "#ui/carfinder/vehicle-list-toggles.tsx";
import { LiveVehicleListsSummary, LiveVehicleListToggles } from "#ui/carfinder/vehicle-list-toggles-live.tsx";
import { buildInfo } from "../build-info.ts";
import { get } from "../test-support/requests.ts";
import { renderBuffered } from "./render-page.tsx";

/** Buffered SSR (ADR 0015): one string when nothing suspends, the streaming renderer otherwise. */

const page = (body: React.ReactNode) => (
  <html lang="de">
    <head>
      <meta charSet="utf-8" />
    </head>
    <body>{body}</body>
  </html>
);

it("renders the document with its one inline script just before </body>, no module script", () => {
  const html = renderBuffered(renderToString, page(<main>Hallo</main>), "window.x=1", "abc")!;
  expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
  expect(html).toContain('<main>Hallo</main><script nonce="abc" id="_R_">window.x=1</script></body></html>');
  expect(renderBuffered(renderToString, page(<main>Hallo</main>), "window.x=1", null)).toContain(
    '<script id="_R_">window.x=1</script></body>',
  );
});

it("gives up (null) when a component suspends or throws, so the caller streams instead", () => {
  const Never = lazy(() => new Promise<{ default: () => null }>(() => undefined));
  expect(
    renderBuffered(
      renderToString,
      page(
        <Suspense fallback="…">
          <Never />
        </Suspense>,
      ),
      "",
      "n",
    ),
  ).toBeNull();
  expect(renderBuffered(renderToString, page(<Never />), "", "n")).toBeNull();
  const Broken = () => {
    throw new Error("boom");
  };
  expect(renderBuffered(renderToString, page(<Broken />), "", "n")).toBeNull();
  expect(renderBuffered(renderToString, <p>no document</p>, "", "n")).toBeNull();
});

it("the carfinder is rendered whole on the first request too: live toggles, no client-rendered boundary, scripts last", async () => {
  // The list toggles come from ServerListTogglesContext, not lazy(): nothing suspends even in a fresh isolate.
  const html = await (await get("/carfinder?bodystyle=suv")).text();
  expect((html.match(/<article class="vehicle-card"/g) ?? []).length).toBe(24);
  expect(html).not.toContain("<!--$!-->");
  // No JavaScript is asked for before the first screen is painted (first-screen-start.ts).
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html).not.toContain('<script type="module"');
  expect(html).toMatch(/<script nonce="[^"]+" id="_R_">[^<]*(?:<[^/][^<]*)*<\/script><\/body><\/html>$/);
  expect(html).toContain(`s.src="${buildInfo().entry}"`);
});

it("pictures in the first screen are not lazy: the first row of cards, the first thumbnails", async () => {
  const carfinder = await (await get("/carfinder")).text();
  const cards = [...carfinder.matchAll(/<img class="vehicle-card__image"[^>]*>/g)].map((match) => match[0]);
  expect(cards).toHaveLength(24);
  expect(cards.slice(0, 3).every((img) => img.includes('loading="eager"'))).toBe(true);
  expect(cards.slice(3).every((img) => img.includes('loading="lazy"'))).toBe(true);
  const vehicle = await (await get("/carfinder/100001-1-mercedes-benz-a-180-progressive")).text();
  const thumbnails = [...vehicle.matchAll(/<img [^>]*alt="Bild \d+ anzeigen"[^>]*>/g)].map((match) => match[0]);
  expect(thumbnails.length).toBeGreaterThan(1);
  expect(thumbnails.slice(0, 4).every((img) => !img.includes('loading="lazy"'))).toBe(true);
});

it("every picture on every page type carries width and height, so nothing shifts when it loads", async () => {
  const pages = ["/", "/werkstatt", "/carfinder", "/carfinder/100001-1-mercedes-benz-a-180-progressive", "/center/center-goslar"];
  for (const path of pages) {
    const html = await (await get(path)).text();
    const images = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    if (path === "/") expect(images.some((img) => /fetchpriority="high"/i.test(img))).toBe(true);
    for (const img of images) expect(img, `${path}: ${img}`).toMatch(/ width="\d+"[^>]* height="\d+"/);
  }
});

it("the list toggles render in one pass with the server context; through lazy() they would suspend", () => {
  const toggles = <VehicleListToggles vehicleId={1} title="Testwagen" />;
  const server = { Toggles: LiveVehicleListToggles, Summary: LiveVehicleListsSummary };
  const withContext = renderBuffered(
    renderToString,
    page(<ServerListTogglesContext value={server}>{toggles}</ServerListTogglesContext>),
    "",
    "n",
  );
  expect(withContext).toContain('aria-label="Vergleichen: Testwagen"');
  expect(withContext).not.toContain("<!--$!-->");
  // Without it, the lazy chunk's first use suspends: the caller would have to stream.
  expect(renderBuffered(renderToString, page(<MemoryRouter>{toggles}</MemoryRouter>), "", "n")).toBeNull();
});

it("editorial pages start the islands entry with its preloads and the islands' chunks from the page data script, no hydration data; pages with a lead form and app pages the app's (ADR 0016, 0017, 0046)", async () => {
  const dataScriptOf = (html: string) => /<script (?:nonce="[^"]+" )?id="_R_">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const startedOf = (html: string) => /s\.src="([^"]+)"/.exec(dataScriptOf(html))?.[1];
  for (const path of ["/", "/werkstatt"]) {
    const html = await (await get(path)).text();
    expect(html, path).not.toContain('<script type="module"');
    expect(html, path).not.toContain('<link rel="modulepreload"');
    expect(startedOf(html), path).toBe(buildInfo().editorial.entry);
    expect(dataScriptOf(html), path).toContain(`p=${JSON.stringify(buildInfo().editorial.preloads)}`);
    expect(dataScriptOf(html), path).toContain(`c=${JSON.stringify(buildInfo().editorial.islands)}`);
    expect(html, path).not.toContain(buildInfo().entry);
    expect(html, path).toContain('window.__agnPage={"consent":{"decided":false,"granted":[]},"services":{');
    expect(html, path).not.toContain("__staticRouterHydrationData");
    // The header island carries the editor-owned navigation as its props (ADR 0034).
    expect(html, path).toContain('<agn-island data-island="site-header" data-props="{&quot;navigation&quot;:[{&quot;label&quot;:');
  }
  const werkstatt = await (await get("/werkstatt")).text();
  expect(werkstatt).toContain('data-island="instant-appointments"');
  expect(buildInfo().editorial.islands["instant-appointments"]?.length).toBeGreaterThan(0);
  for (const path of ["/werkstatt/online-werkstatttermin", "/carfinder", "/gibt-es-nicht"]) {
    const html = await (await get(path)).text();
    expect(startedOf(html), path).toBe(buildInfo().entry);
    expect(dataScriptOf(html), path).toContain("__staticRouterHydrationData");
    expect(html, path).not.toContain("<agn-island");
    expect(html, path).not.toContain('<link rel="modulepreload"');
  }
  // The app page preloads its route's chunks when it starts.
  const carfinderChunks = buildInfo().modules["routes/carfinder-page.tsx"] ?? [];
  expect(carfinderChunks.length).toBeGreaterThan(0);
  expect(dataScriptOf(await (await get("/carfinder")).text())).toContain(`p=${JSON.stringify(carfinderChunks)}`);
});
