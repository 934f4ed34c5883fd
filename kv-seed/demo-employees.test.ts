import { describe, expect, it } from "vitest";
import { demoEmployees } from "./demo-employees.ts";
import { DEMO_LOCATIONS } from "./demo-locations.ts";
import { isDepartmentKey } from "#domain/employees.ts";

describe("the demo contact persons", () => {
  const employees = demoEmployees();

  it("are at least 150, spread over every center, each with a known department and unique slug and e-mail", () => {
    expect(employees.length).toBeGreaterThanOrEqual(150);
    for (const location of DEMO_LOCATIONS)
      expect(employees.filter((employee) => employee.locationSlug === location.slug).length, location.slug).toBeGreaterThanOrEqual(15);
    expect(employees.every((employee) => isDepartmentKey(employee.department))).toBe(true);
    expect(new Set(employees.map((employee) => employee.slug)).size).toBe(employees.length);
    expect(new Set(employees.map((employee) => employee.email)).size).toBe(employees.length);
    for (const employee of employees) expect(employee.email).toMatch(/^[a-z0-9.]+@autohaus-gruppe-nord\.de$/);
  });

  it("are the same on every seed, with phone extensions of their center's number and brands the center sells", () => {
    expect(demoEmployees()).toEqual(employees);
    for (const employee of employees) {
      const location = DEMO_LOCATIONS.find((candidate) => candidate.slug === employee.locationSlug)!;
      expect(employee.phone.startsWith(location.phone.replace(/-0$/, "-"))).toBe(true);
      for (const brand of employee.brands) expect(location.brands as readonly string[]).toContain(brand);
    }
  });

  it("have exactly one head per center and department", () => {
    const heads = new Map<string, number>();
    for (const employee of employees.filter((candidate) => candidate.rank === 10))
      heads.set(`${employee.locationSlug}/${employee.department}`, (heads.get(`${employee.locationSlug}/${employee.department}`) ?? 0) + 1);
    expect([...heads.values()].every((count) => count === 1)).toBe(true);
  });
});
