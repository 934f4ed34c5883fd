import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { failingD1, getWithDb } from "./test-support/d1-faults.ts";
import { isolateLocations } from "./adapters/d1-stock.ts";

/** The footer's contact column. */
function footerContact(html: string): string {
  return /<section class="site-footer__column" aria-labelledby="footer-contact">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? "";
}

describe("the central customer service's hours come from the location data", () => {
  it("footer and direct-contact page show the central center's showroom hours", async () => {
    const { status, html } = await getWithDb("/directcontact");
    expect(status).toBe(200);
    expect(footerContact(html)).toContain("Mo–Fr 08:30–19:00 Uhr, Sa 09:00–16:00 Uhr");
    expect(html).toMatch(/040 123456-0<\/a> \(Mo–Fr 08:30–19:00 Uhr, Sa 09:00–16:00 Uhr\)/);
  });

  it("an edit of the center's hours in D1 is what the pages show (no constant)", async () => {
    const slug = "center-hamburg-am-rothenbaum";
    const before = await env.DB.prepare("SELECT opening_hours FROM locations WHERE slug = ?").bind(slug).first<{ opening_hours: string }>();
    const hours = JSON.parse(before?.opening_hours ?? "{}");
    hours.showroom = { mon: [["07:30", "19:00"]], tue: [["07:30", "19:00"]], sat: [["10:00", "13:00"]] };
    await env.DB.prepare("UPDATE locations SET opening_hours = ? WHERE slug = ?").bind(JSON.stringify(hours), slug).run();
    isolateLocations.forget();
    try {
      const { html } = await getWithDb("/directcontact?x=1");
      expect(footerContact(html)).toContain("Mo–Di 07:30–19:00 Uhr, Sa 10:00–13:00 Uhr");
    } finally {
      await env.DB.prepare("UPDATE locations SET opening_hours = ? WHERE slug = ?")
        .bind(before?.opening_hours ?? null, slug)
        .run();
      isolateLocations.forget();
    }
  });

  it("the location data failing costs the hours line only", async () => {
    const { status, html } = await getWithDb("/werkstatt?x=1", failingD1(/FROM locations/));
    expect(status).toBe(200);
    expect(footerContact(html)).toContain("040 123456-0");
    expect(footerContact(html)).not.toContain("Uhr");
  });
});
