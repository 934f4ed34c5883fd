import { expect, it } from "vitest";
import { buildVehicle, generateStock } from "#kv-seed/stock-generator.ts";
import { NO_VALUE, comparisonSections } from "./vehicle-comparison.ts";
import type { Vehicle } from "./vehicle.ts";

const names = (slug: string) => (slug === "center-goslar" ? "Center Goslar" : undefined);
const rowOf = (vehicles: Vehicle[], key: string) =>
  comparisonSections(vehicles, names)
    .flatMap((section) => section.rows)
    .find((row) => row.key === key);

it("a row of equal values is not a difference, a row of different values is", () => {
  const a = buildVehicle({ id: 200_001 });
  const b: Vehicle = { ...a, id: 200_002, mileageKm: a.mileageKm + 10_000 };
  expect(rowOf([a, b], "fuel")).toMatchObject({ differs: false, values: [expect.any(String), expect.any(String)] });
  expect(rowOf([a, b], "mileage")).toMatchObject({ differs: true });
});

it("one value per vehicle, in the order of the vehicles, in German", () => {
  const a: Vehicle = { ...buildVehicle({ id: 200_001 }), condition: "new", transmission: "automatic" };
  const b: Vehicle = { ...a, id: 200_002, condition: "used", transmission: "manual" };
  expect(rowOf([a, b], "condition")?.values).toEqual(["Neuwagen", "Gebrauchtwagen"]);
  expect(rowOf([b, a], "transmission")?.values).toEqual(["Schaltgetriebe", "Automatik"]);
});

it("missing values show a dash, and a value only one vehicle has is a difference", () => {
  const a: Vehicle = { ...buildVehicle({ id: 200_001 }), firstRegistration: undefined };
  const b: Vehicle = { ...a, id: 200_002, firstRegistration: "2023-04" };
  expect(rowOf([a, b], "first-registration")).toMatchObject({ values: [NO_VALUE, "04/2023"], differs: true });
});

it("equipment rows list what at least one vehicle has, present or absent per vehicle", () => {
  const a: Vehicle = { ...buildVehicle({ id: 200_001 }), equipment: ["abs", "tow_bar"] };
  const b: Vehicle = { ...a, id: 200_002, equipment: ["abs"] };
  const equipment = comparisonSections([a, b], names).find((section) => section.key === "equipment")!;
  expect(equipment.rows.map((row) => [row.label, row.values, row.differs])).toEqual([
    ["Antiblockiersystem (ABS)", [true, true], false],
    [expect.any(String), [true, false], true],
  ]);
});

it("the location shows its name where known", () => {
  const a: Vehicle = { ...buildVehicle({ id: 200_001 }), locationSlug: "center-goslar" };
  const b: Vehicle = { ...a, id: 200_002, locationSlug: "center-unbekannt" };
  expect(rowOf([a, b], "location")?.values).toEqual(["Center Goslar", "center-unbekannt"]);
});

it("the stock setting wltp off leaves out the energy rows, unless a new passenger car is compared (Pkw-EnVKV)", () => {
  const stock = generateStock(2);
  const used = (vehicle: Vehicle): Vehicle => ({ ...vehicle, condition: "used" });
  const usedPair = [used(stock[0]!), used(stock[1]!)];
  expect(comparisonSections(usedPair, () => undefined, { wltp: false }).map((section) => section.key)).not.toContain("energy");
  expect(comparisonSections(usedPair, () => undefined, { wltp: true }).map((section) => section.key)).toContain("energy");
  const withNew: Vehicle[] = [{ ...stock[0]!, condition: "new", category: "passenger" }, used(stock[1]!)];
  expect(comparisonSections(withNew, () => undefined, { wltp: false }).map((section) => section.key)).toContain("energy");
});

it("a plug-in hybrid shows its values with a discharged battery too (Pkw-EnVKV), as on its detail page; others a dash", () => {
  const combustion: Vehicle = { ...buildVehicle({ id: 200_001 }), fuel: "petrol" };
  const hybrid: Vehicle = {
    ...combustion,
    id: 200_002,
    fuel: "pluginhybrid",
    wltp: { ...combustion.wltp, consumptionDischarged: 6.8, co2Discharged: 155, co2ClassDischarged: "E" },
  };
  expect(rowOf([combustion, hybrid], "consumption-discharged")?.values).toEqual([NO_VALUE, "6,8 l/100 km"]);
  expect(rowOf([combustion, hybrid], "co2-discharged")?.values).toEqual([NO_VALUE, "155 g/km"]);
  expect(rowOf([combustion, hybrid], "co2-class-discharged")?.values).toEqual([NO_VALUE, "E"]);
  expect(rowOf([combustion, { ...combustion, id: 200_003 }], "co2-class-discharged")).toBeUndefined();
});
