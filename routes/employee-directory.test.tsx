import { describe, expect, it, vi } from "vitest";
import { demoSpace } from "#kv-seed/demo-space/demo-space.ts";
import { demoEmployees } from "#kv-seed/demo-employees.ts";
import { validateStoryContent } from "#content/validate-blocks.ts";
import type { ContentPage } from "#content/content-page-schema.ts";
import { EMPLOYEES_UNAVAILABLE, NO_EMPLOYEES } from "#domain/employees.ts";
import { attr, type HtmlDom } from "#ui/test-support/html-dom.ts";
import { fakePorts } from "./test-support/fake-ports.ts";
import { renderRoute } from "./test-support/render-route.tsx";

const DEMO = demoEmployees();

/** The demo space's /ansprechpartner story as the content port answers it: validated, published. */
function directoryStory(): ContentPage {
  const story = demoSpace().stories.find((candidate) => candidate.full_slug === "ansprechpartner");
  if (!story) throw new Error("the demo space has no ansprechpartner story");
  return {
    slug: "ansprechpartner",
    kind: "page",
    title: story.name,
    noindex: false,
    content: validateStoryContent(story.content, { preview: false, warn: (message) => expect.fail(message) }),
    publishedAt: null,
    preview: false,
  };
}

function render(path: string, employees?: { search: () => Promise<never> }) {
  const ports = fakePorts(
    {},
    { content: { getPage: async (slug) => (slug === "ansprechpartner" ? directoryStory() : null) }, ...(employees && { employees }) },
  );
  return renderRoute(path, { ports });
}
/** The people listed, by the names their cards' headings give. */
const namesOf = (main: HtmlDom) => main.queryAllByRole("heading", { level: 3 }).map((heading) => main.nameOf(heading));

describe("the contact-person directory (an employee_overview block on /ansprechpartner)", () => {
  it("lists the people, 24 a page, with their count, contact links and a GET form of four filters", async () => {
    const { status, main } = await render("/ansprechpartner");
    expect(status).toBe(200);
    expect(main.getByRole("heading", { level: 2, name: "Alle Ansprechpartner" })).toBeDefined();
    expect(main.getByRole("status").children.join("")).toBe(`${DEMO.length} Ansprechpartner`);
    expect(namesOf(main)).toHaveLength(24);
    const form = main.getByRole("search", { name: "Ansprechpartner filtern" });
    expect(attr(form, "action")).toBe("/ansprechpartner");
    expect(attr(form, "method")).toBe("get");
    const filters = main.within(form);
    expect(attr(filters.getByRole("searchbox", { name: "Name oder Aufgabe" }), "name")).toBe("suche");
    expect(filters.getAllByRole("combobox").map((select) => attr(select, "name"))).toEqual(["standort", "abteilung", "marke"]);
    expect(main.getByRole("navigation", { name: "Seitennavigation" })).toBeDefined();
  });

  it("filters by center and department: the head of the department first", async () => {
    const { main } = await render("/ansprechpartner?standort=center-husum&abteilung=service");
    const expected = DEMO.filter((employee) => employee.locationSlug === "center-husum" && employee.department === "service");
    expect(namesOf(main).sort()).toEqual(expected.map((employee) => `${employee.firstName} ${employee.lastName}`).sort());
    const head = expected.find((employee) => employee.rank === 10);
    expect(namesOf(main)[0]).toBe(`${head?.firstName} ${head?.lastName}`);
    const center = main.getByRole("combobox", { name: "Standort" });
    expect(main.within(center).getByRole("option", { name: "Center Husum" }).attrs.has("selected")).toBe(true);
  });

  it("nothing found: the hint to adjust the filters", async () => {
    const { main } = await render("/ansprechpartner?suche=zzzz");
    expect(main.text()).toContain(NO_EMPLOYEES);
  });

  it("the directory failing to load: the block says so in German, the rest of the page stays", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { status, main } = await render("/ansprechpartner", { search: () => Promise.reject(new Error("D1_ERROR")) });
    expect(status).toBe(200);
    expect(main.text()).toContain(EMPLOYEES_UNAVAILABLE);
    expect(main.text()).toContain("Finden Sie Ihren Ansprechpartner nach Standort und Abteilung.");
  });
});
