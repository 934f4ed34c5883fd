import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { get } from "./test-support/requests.ts";
import { getDegradedPage, getWithDb } from "./test-support/d1-faults.ts";
import { demoEmployees } from "#kv-seed/demo-employees.ts";
import { EMPLOYEES_UNAVAILABLE, NO_EMPLOYEES } from "#domain/employees.ts";

const DEMO = demoEmployees();

const count = (html: string) => /class="employee-overview__count"[^>]*>([\d.]+) Ansprechpartner</.exec(html)?.[1];
const names = (html: string) => [...html.matchAll(/class="employee-card__name">([^<]+)</g)].map((match) => match[1]!);

describe("the contact-person directory (/ansprechpartner)", () => {
  // The filter form and the cards are tested beside the route (routes/employee-directory.test.tsx).
  it("lists every person from D1, 24 a page", async () => {
    const { status, html } = await getWithDb("/ansprechpartner");
    expect(status).toBe(200);
    expect(count(html)).toBe(String(DEMO.length));
    expect(names(html)).toHaveLength(24);
    const last = await getWithDb(`/ansprechpartner?seite=${Math.ceil(DEMO.length / 24)}`);
    expect(names(last.html)).toHaveLength(DEMO.length % 24 || 24);
  });

  it("filters by center and department, by brand and by words of the name or job title", async () => {
    const service = await getWithDb("/ansprechpartner?standort=center-husum&abteilung=service");
    const expected = DEMO.filter((employee) => employee.locationSlug === "center-husum" && employee.department === "service");
    expect(count(service.html)).toBe(String(expected.length));
    expect(names(service.html).sort()).toEqual(expected.map((employee) => `${employee.firstName} ${employee.lastName}`).sort());
    // The head of the department comes first.
    expect(names(service.html)[0]).toBe(
      `${expected.find((employee) => employee.rank === 10)!.firstName} ${expected.find((employee) => employee.rank === 10)!.lastName}`,
    );

    const iveco = await getWithDb("/ansprechpartner?marke=iveco");
    expect(Number(count(iveco.html))).toBe(
      DEMO.filter(
        (employee) =>
          employee.locationSlug === "transporter-kompetenz-center" && (employee.brands.length === 0 || employee.brands.includes("iveco")),
      ).length,
    );

    const someone = DEMO[40]!;
    const byName = await getWithDb(`/ansprechpartner?suche=${encodeURIComponent(`${someone.firstName} ${someone.lastName}`)}`);
    expect(names(byName.html)).toContain(`${someone.firstName} ${someone.lastName}`);
    const byTitle = await getWithDb(`/ansprechpartner?suche=${encodeURIComponent("Teileverkäufer")}`);
    expect(Number(count(byTitle.html))).toBe(DEMO.filter((employee) => employee.jobTitle.includes("Teileverkäufer")).length);
  });

  it("nothing found: the hint to adjust the filters; LIKE wildcards and prototype names are plain text", async () => {
    for (const text of ["zzzz", "%", "_", "__proto__", "constructor"]) {
      const { status, html } = await getWithDb(`/ansprechpartner?suche=${encodeURIComponent(text)}`);
      expect(status, text).toBe(200);
      expect(count(html), text).toBe("0");
      expect(html, text).toContain(NO_EMPLOYEES);
    }
    // Unknown filter values are ignored, not fatal.
    const unknown = await getWithDb("/ansprechpartner?abteilung=__proto__&marke=constructor&standort=..%2F");
    expect(count(unknown.html)).toBe(String(DEMO.length));
  });

  it("a filtered directory is rendered for its filter, never served from (or stored in) the HTML cache", async () => {
    const first = await getWithDb("/ansprechpartner?standort=center-goslar");
    const second = await getWithDb("/ansprechpartner?standort=center-heide");
    expect(names(first.html)).not.toEqual(names(second.html));
    expect(first.html).not.toContain("Center Heide</a>");
    expect(first.html).toContain('<option value="center-goslar" selected="">');
  });

  it("D1 failing: the block says so in German, the rest of the page (hero, header, footer) stays", async () => {
    const html = await getDegradedPage("/ansprechpartner?suche=Jens", /FROM employees/, EMPLOYEES_UNAVAILABLE);
    expect(html).toContain("Finden Sie Ihren Ansprechpartner nach Standort und Abteilung.");
  });
});

describe("a center's contact persons (site config location.showEmployees)", () => {
  it("are listed on its page by department, with contact links", async () => {
    const { html } = await getWithDb("/center/center-goslar");
    const goslar = DEMO.filter((employee) => employee.locationSlug === "center-goslar");
    expect(html).toContain('id="location-employees-heading">Ansprechpartner<');
    expect(names(html)).toHaveLength(goslar.length);
    expect(html).toContain(`href="mailto:${goslar[0]!.email}"`);
    expect(html).toContain('href="/ansprechpartner?standort=center-goslar"');
  });

  it("D1 failing for them costs that section only", async () => {
    const html = await getDegradedPage("/center/center-goslar", /FROM employees/, EMPLOYEES_UNAVAILABLE);
    expect(html).toContain("Öffnungszeiten");
  });
});

describe("a vehicle's contact persons (stock setting showEmployees, on by default)", () => {
  const A180 = "/carfinder/100001-1-mercedes-benz-a-180-progressive";

  it("the selling center's salespeople for the vehicle's condition, at most three", async () => {
    const vehicle = await env.DB.prepare("SELECT location_slug AS location, condition, brand FROM vehicles WHERE id = 100001").first<{
      location: string;
      condition: string;
      brand: string;
    }>();
    const department = vehicle!.condition === "new" ? "verkauf-neuwagen" : "verkauf-gebrauchtwagen";
    const sellers = DEMO.filter((employee) => employee.locationSlug === vehicle!.location && employee.department === department);
    const expected = sellers.map((employee) => `${employee.firstName} ${employee.lastName}`);
    expect(expected.length).toBeGreaterThan(0);
    const { status, html } = await getWithDb(A180);
    expect(status).toBe(200);
    expect(html).toContain('id="location-employees-heading">Ansprechpartner<');
    const shown = names(html);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(3);
    for (const name of shown) expect(expected).toContain(name);
    expect(html).toContain(`href="/ansprechpartner?standort=${vehicle!.location}"`);
    // The location section stays, above them.
    expect(html.indexOf('id="location-heading"')).toBeLessThan(html.indexOf('id="location-employees-heading"'));
  });

  it("D1 failing for them costs that section only; the vehicle page renders", async () => {
    const html = await getDegradedPage(A180, /FROM employees/, EMPLOYEES_UNAVAILABLE);
    expect(html).toContain('id="location-heading"');
  });
});

describe("GET /api/employees", () => {
  it("answers a page of the directory; a bad page size is a 400", async () => {
    const response = await get("/api/employees?standort=center-marne&per_page=5");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { employees: unknown[]; total: number; pageCount: number };
    expect(body.employees).toHaveLength(5);
    expect(body.total).toBe(DEMO.filter((employee) => employee.locationSlug === "center-marne").length);
    for (const bad of ["0", "101", "abc", "2.5"]) expect((await get(`/api/employees?per_page=${bad}`)).status, bad).toBe(400);
  });
});
