import { describe, expect, it } from "vitest";
import { get } from "../test-support/requests.ts";

/**
 * The server-rendered fallback link of the page's instant-appointment grid (what works without
 * JavaScript): an island on /werkstatt, part of the hydrated app on the appointment page (its form).
 */
async function gridFallback(path: string): Promise<{ href: string; text: string }> {
  const html = await (await get(path)).text();
  const grid = /<section class="block embed-appointments"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  const link = /<a[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/.exec(grid);
  return { href: link?.[1] ?? "", text: (link?.[2] ?? "").replace(/<[^>]+>/g, "") };
}

describe("instant-appointment grid fallback", () => {
  it("elsewhere it leads to the online workshop appointment page", async () => {
    expect(await gridFallback("/werkstatt")).toEqual({ href: "/werkstatt/online-werkstatttermin", text: "Freie Termine anzeigen" });
  });

  it("on that page itself it does not link back to the page: it leads to the direct contact", async () => {
    const fallback = await gridFallback("/werkstatt/online-werkstatttermin");
    expect(fallback.href).toBe("/directcontact");
    expect(fallback.text).toBe("Termin telefonisch oder per E-Mail anfragen");
  });
});
