import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createRoutePreloader, parseRoutePreloads, routePreloadsUrl } from "./route-preloads.ts";

function fakeDocument() {
  const links: Array<{ rel: string; href: string }> = [];
  return {
    links,
    doc: {
      createElement: () => ({ rel: "", href: "" }),
      head: { appendChild: (link: { rel: string; href: string }) => void links.push(link) },
    } as unknown as Pick<Document, "createElement" | "head">,
  };
}

describe("route preloads for client navigations (ADR 0020)", () => {
  it("keeps only lists of chunk URLs", () => {
    const table = parseRoutePreloads({
      "routes/a-page.tsx": ["/assets/a-page-12345678.js", "/assets/shared-x.js"],
      "routes/b-page.tsx": ["https://evil.example/x.js"],
      "routes/c-page.tsx": "/assets/c.js",
      __proto__: ["/assets/p.js"],
    });
    expect([...table.keys()]).toEqual(["routes/a-page.tsx"]);
    expect(parseRoutePreloads(null).size).toBe(0);
    expect(parseRoutePreloads(["/assets/a.js"]).size).toBe(0);
  });

  it("adds one modulepreload link per chunk once the table is there, each URL once", async () => {
    const { links, doc } = fakeDocument();
    const preloader = createRoutePreloader(doc, async () => ({
      "routes/a-page.tsx": ["/assets/a-page-1.js", "/assets/common-1.js"],
      "routes/b-page.tsx": ["/assets/b-page-1.js", "/assets/common-1.js"],
    }));
    preloader.preload("routes/a-page.tsx");
    expect(links).toEqual([]); // before the idle fetch: nothing to go on, the import alone loads the page
    await preloader.warm();
    preloader.preload("routes/a-page.tsx");
    preloader.preload("routes/b-page.tsx");
    preloader.preload("routes/a-page.tsx");
    preloader.preload(undefined);
    preloader.preload("constructor");
    expect(links.map((link) => `${link.rel} ${link.href}`)).toEqual([
      "modulepreload /assets/a-page-1.js",
      "modulepreload /assets/common-1.js",
      "modulepreload /assets/b-page-1.js",
    ]);
  });

  it("a table that cannot be fetched leaves navigations without preloads", async () => {
    const { links, doc } = fakeDocument();
    const preloader = createRoutePreloader(doc, () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(preloader.warm()).resolves.toBeUndefined();
    preloader.preload("routes/a-page.tsx");
    expect(links).toEqual([]);
  });

  it("the build wrote the table for every page of the route table, and the entry holds no page preload lists", () => {
    const buildId = (JSON.parse(readFileSync("dist/client/_build/latest.json", "utf8")) as { buildId: string }).buildId;
    const table = parseRoutePreloads(JSON.parse(readFileSync(`dist/client${routePreloadsUrl(buildId)}`, "utf8")));
    const pages = [...readFileSync("routes/route-table.ts", "utf8").matchAll(/page\("(routes\/[\w-]+\.tsx)"/g)].map((match) => match[1]);
    expect(pages.length).toBeGreaterThan(15);
    for (const page of pages) expect(table.get(page!)?.[0], page).toMatch(/^\/assets\/[\w-]+-page-[\w-]{8}\.js$/);
    const entry = readdirSync("dist/client/assets").find((file) => /^entry-[\w-]{8}\.js$/.test(file))!;
    const deps = /__vite__mapDeps=.*?m\.f=(\[[^\]]*\])/.exec(readFileSync(`dist/client/assets/${entry}`, "utf8"))?.[1] ?? "[]";
    expect(deps).not.toMatch(/-page-/);
  });
});
