import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { demoEmployees } from "./demo-employees.ts";
import { DEMO_PORTRAITS, demoPortraitFiles, PORTRAIT_SIZE } from "./demo-portraits.ts";
import { isEmployeePhoto } from "#domain/employees.ts";

describe("the demo's portraits", () => {
  it("are in client/public as drawn here: standalone square SVGs without text, scripts or links", () => {
    for (const { path, svg } of demoPortraitFiles()) {
      expect(readFileSync(path, "utf8"), `${path} differs from its drawing: write the files again (kv-seed/demo-portraits.ts)`).toBe(svg);
      expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PORTRAIT_SIZE} ${PORTRAIT_SIZE}"`)).toBe(true);
      expect(svg).not.toMatch(/<script|<text|href=|on\w+=/);
    }
  });

  it("two of three demo people have one, valid as ops would write it; the others show initials", () => {
    const employees = demoEmployees();
    const withPhoto = employees.filter((employee) => employee.photo !== null);
    expect(withPhoto.length).toBe(employees.filter((employee) => employee.id % 3 !== 0).length);
    for (const { photo } of withPhoto) {
      expect(isEmployeePhoto(photo!), photo!).toBe(true);
      expect(DEMO_PORTRAITS).toContain(photo);
    }
    // Every center shows both.
    for (const slug of new Set(employees.map((employee) => employee.locationSlug))) {
      const people = employees.filter((employee) => employee.locationSlug === slug);
      expect(
        people.some((employee) => employee.photo === null),
        slug,
      ).toBe(true);
      expect(
        people.some((employee) => employee.photo !== null),
        slug,
      ).toBe(true);
    }
  });
});
