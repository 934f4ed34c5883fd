import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { get } from "./test-support/requests.ts";
import { getWithDb } from "./test-support/d1-faults.ts";
import { demoEmployees } from "#kv-seed/demo-employees.ts";
import { isolateEmployeePages } from "./adapters/d1-employees.ts";

const DEMO = demoEmployees();

/** Each card's name with its avatar's markup (initials, and the photo when there is one). */
function cards(html: string): Map<string, string> {
  return new Map(
    [...html.matchAll(/<span class="employee-card__avatar" aria-hidden="true">(.*?)<\/span>.*?class="employee-card__name">([^<]+)</gs)].map(
      (match) => [match[2]!, match[1]!],
    ),
  );
}

describe("contact persons' photos (migration 0016)", () => {
  it("a center's page shows a person's photo sized over the initials, and the initials alone for one without", async () => {
    const goslar = DEMO.filter((employee) => employee.locationSlug === "center-goslar");
    const { html } = await getWithDb("/center/center-goslar");
    const shown = cards(html);
    expect(shown.size).toBe(goslar.length);
    for (const employee of goslar) {
      const avatar = shown.get(`${employee.firstName} ${employee.lastName}`) ?? "";
      const initials = `${employee.firstName[0]}${employee.lastName[0]}`.toUpperCase();
      expect(avatar.startsWith(initials), employee.slug).toBe(true);
      if (employee.photo === null) expect(avatar, employee.slug).toBe(initials);
      else
        expect(avatar, employee.slug).toContain(
          `<img class="employee-card__photo" src="${employee.photo}" width="72" height="72" alt="" loading="lazy" decoding="async"/>`,
        );
    }
  });

  it("the directory and its API carry the photos; the page may load them (CSP img-src 'self' and https:)", async () => {
    const response = await get("/ansprechpartner?standort=center-husum");
    const html = await response.text();
    const husum = DEMO.filter((employee) => employee.locationSlug === "center-husum");
    expect(html.match(/class="employee-card__photo"/g)?.length).toBe(husum.filter((employee) => employee.photo !== null).length);
    expect(response.headers.get("Content-Security-Policy")).toMatch(/img-src 'self'[^;]* https:/);
    const api = (await (await get("/api/employees?standort=center-husum&per_page=100")).json()) as {
      employees: Array<{ slug: string; photo?: string }>;
    };
    for (const employee of husum)
      expect(api.employees.find((shown) => shown.slug === employee.slug)?.photo, employee.slug).toBe(employee.photo ?? undefined);
  });

  it("a photo ops wrote wrong is no photo: that person shows initials, the page renders", async () => {
    const person = DEMO.find((employee) => employee.locationSlug === "center-heide" && employee.photo !== null)!;
    const name = `${person.firstName} ${person.lastName}`;
    // Each passes the column's CHECK and fails the site's own rules.
    for (const wrong of ["/demo/../../secret.svg", "https://www.example.de/team/jens", 'https://www.example.de/a.jpg"onerror="alert(1)'])
      try {
        await env.DB.prepare("UPDATE employees SET photo = ?1 WHERE slug = ?2").bind(wrong, person.slug).run();
        // The isolate keeps directory pages for a minute: read this one afresh.
        isolateEmployeePages.clear();
        const { status, html } = await getWithDb(`/ansprechpartner?suche=${encodeURIComponent(name)}`);
        expect(status, wrong).toBe(200);
        expect(cards(html).get(name), wrong).toBe(`${person.firstName[0]}${person.lastName[0]}`.toUpperCase());
        expect(html, wrong).not.toContain("onerror");
      } finally {
        await env.DB.prepare("UPDATE employees SET photo = ?1 WHERE slug = ?2").bind(person.photo, person.slug).run();
      }
  });
});
