import { describe, expect, it } from "vitest";
import {
  departmentLabel,
  employeeFilterQuery,
  employeePhotoSource,
  hasEmployeeFilter,
  isDepartmentKey,
  isEmployeePhoto,
  parseEmployeeFilter,
} from "./employees.ts";
import { EmployeePageSchema, EmployeeSchema } from "./data-schemas.ts";

describe("the directory's filter", () => {
  it("reads center, department, brand, free text and page from the query string", () => {
    expect(
      parseEmployeeFilter(new URLSearchParams("standort=center-husum&abteilung=service&marke=hymer&suche=%20Jens%20%20Hansen%20&seite=3")),
    ).toEqual({
      filter: { location: "center-husum", department: "service", brand: "hymer", text: "Jens Hansen" },
      page: 3,
    });
  });

  it("drops unknown or hostile values instead of failing (a stale bookmark still shows the directory)", () => {
    for (const query of [
      "abteilung=__proto__",
      "abteilung=constructor",
      "marke=toString",
      "standort=..%2F..",
      "standort=Center%20Husum",
      "seite=0",
      "seite=501",
      "seite=2.5",
      "suche=%20%20",
    ]) {
      const { filter, page } = parseEmployeeFilter(new URLSearchParams(query));
      expect(filter, query).toEqual({});
      expect(page, query).toBe(1);
    }
    expect(isDepartmentKey("hasOwnProperty")).toBe(false);
    expect(departmentLabel("constructor")).toBe("constructor");
    expect(parseEmployeeFilter(new URLSearchParams(`suche=${"x".repeat(200)}`)).filter.text).toHaveLength(80);
  });

  it("writes the same filter back in a stable order, page 1 left out", () => {
    const parsed = parseEmployeeFilter(new URLSearchParams("suche=Jens&marke=smart&standort=center-goslar"));
    expect(employeeFilterQuery(parsed.filter)).toBe("standort=center-goslar&marke=smart&suche=Jens");
    expect(employeeFilterQuery(parsed.filter, 2)).toBe("standort=center-goslar&marke=smart&suche=Jens&seite=2");
    expect(employeeFilterQuery({})).toBe("");
  });

  it("tells a filtered directory URL from a plain or paged one (the HTML cache keeps only those)", () => {
    expect(hasEmployeeFilter("?standort=center-husum")).toBe(true);
    expect(hasEmployeeFilter("?suche=")).toBe(true);
    expect(hasEmployeeFilter("?seite=2")).toBe(false);
    expect(hasEmployeeFilter("")).toBe(false);
  });
});

describe("a contact person's photo", () => {
  const VALID = [
    "https://a.storyblok.com/f/4711/800x1000/ab12cd/jens-hansen.jpg",
    "https://a-us.storyblok.com/f/4711/800x800/ab12cd/anna.PNG",
    "https://www.autohaus-gruppe-nord.de/team/anna-petersen.webp",
    "https://cdn.example.de/bilder/jens.jpeg?v=2",
    "/demo/portraits/portrait-1.svg",
    "/images/team/anna_petersen.avif",
  ];
  const INVALID = [
    "",
    "jens.jpg",
    "upload:jens.jpg",
    "http://www.example.de/jens.jpg",
    "//a.storyblok.com/f/4711/800x800/ab/jens.jpg",
    "https://www.example.de/team/jens",
    "https://www.example.de/jens.svg",
    "https://user:secret@www.example.de/jens.jpg",
    "https://localhost/jens.jpg",
    "https://www.example.de/a b.jpg",
    'https://www.example.de/a.jpg"onerror="alert(1)',
    "https://www.example.de/a.jpg<script>",
    "javascript:alert(1)//.jpg",
    "data:image/png;base64,iVBORw0KGgo=",
    "/demo/../secrets/a.jpg",
    "/demo/portraits/portrait-1.svg?x=1",
    "/assets/entry.js",
    "/demo/Portrait.SVG",
    `https://www.example.de/${"a".repeat(2_000)}.jpg`,
  ];

  it("is an https picture address or a picture of the site's own /demo/ or /images/; nothing else", () => {
    for (const value of VALID) expect(isEmployeePhoto(value), value).toBe(true);
    for (const value of INVALID) expect(isEmployeePhoto(value), value).toBe(false);
  });

  it("the port's schema keeps a valid photo and drops an invalid one instead of failing the person or the page", () => {
    const person = {
      slug: "jens-hansen",
      firstName: "Jens",
      lastName: "Hansen",
      jobTitle: "Serviceberater",
      department: "service",
      location: { slug: "center-husum", name: "Center Husum" },
      brands: [],
    };
    expect(EmployeeSchema.parse({ ...person, photo: VALID[0] }).photo).toBe(VALID[0]);
    for (const photo of [...INVALID, 42, null]) expect(EmployeeSchema.parse({ ...person, photo }).photo, String(photo)).toBeUndefined();
    expect(EmployeeSchema.parse(person)).not.toHaveProperty("photo");
    const page = EmployeePageSchema.parse({
      employees: [{ ...person, photo: "upload:jens.jpg" }],
      total: 1,
      page: 1,
      pageCount: 1,
      locations: [],
    });
    expect(page.employees).toHaveLength(1);
  });

  it("a Storyblok asset is cropped square at twice the card's size; other addresses are loaded as they are", () => {
    expect(employeePhotoSource(VALID[0]!)).toBe(`${VALID[0]}/m/144x144/filters:quality(80)`);
    expect(employeePhotoSource(VALID[2]!)).toBe(VALID[2]);
    expect(employeePhotoSource(VALID[4]!)).toBe(VALID[4]);
  });
});
