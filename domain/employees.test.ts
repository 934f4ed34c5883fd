import { describe, expect, it } from "vitest";
import { departmentLabel, employeeFilterQuery, hasEmployeeFilter, isDepartmentKey, parseEmployeeFilter } from "./employees.ts";

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
