import type { Vehicle } from "#domain/vehicle.ts";
import { buildVehicle, generateStock, type VehicleOverrides } from "./stock-generator.ts";

/** Size of the embedded demo stock (at least 3,000 believable vehicles). */
export const DEMO_STOCK_SIZE = 3_000;

/**
 * Vehicles with fixed ids that tests, docs and the legacy vehicle-archive redirects
 * (redirects/legacy-redirects.json) rely on. Everything else about them is generated.
 */
export const PINNED_VEHICLES: Array<VehicleOverrides & { status: "available" | "sold" }> = [
  {
    id: 100001,
    variantName: "A 180",
    condition: "new",
    slug: "mercedes-benz-a-180-progressive",
    locationSlug: "center-hamburg-am-rothenbaum",
    status: "available",
  },
  { id: 100002, variantName: "GLC 300 e 4MATIC", condition: "demonstrator", locationSlug: "center-goslar", status: "available" },
  {
    id: 100003,
    variantName: "Sprinter 317 CDI Kastenwagen",
    condition: "new",
    locationSlug: "transporter-kompetenz-center",
    status: "available",
  },
  { id: 100004, variantName: "IONIQ 5 84 kWh", condition: "used", locationSlug: "center-hamburg-harburg-hyundai", status: "available" },
  { id: 100005, variantName: "smart #1 Pro+", condition: "day_registration", locationSlug: "center-reinfeld-lubeck", status: "available" },
  { id: 100006, variantName: "DB12 Volante", condition: "new", locationSlug: "center-hamburg-am-rothenbaum", status: "available" },
  { id: 100007, variantName: "B-Klasse MasterLine T 780", condition: "used", locationSlug: "center-husum", status: "available" },
  { id: 100008, variantName: "Daily 35S18 Kipper", condition: "new", locationSlug: "transporter-kompetenz-center", status: "available" },
  {
    id: 100009,
    variantName: "E 220 d Limousine",
    condition: "used",
    slug: "mercedes-benz-e-220-d-t-modell",
    locationSlug: "center-heide",
    status: "sold",
  },
  // Targets of the legacy vehicle-archive redirects.
  {
    id: 4711235,
    variantName: "C 220 d T-Modell",
    condition: "used",
    slug: "mercedes-benz-c-200-t-modell",
    locationSlug: "center-heide",
    status: "available",
  },
  {
    id: 4815162,
    variantName: "Sprinter 317 CDI Kastenwagen",
    condition: "used",
    slug: "mercedes-benz-sprinter-317-cdi-kasten",
    locationSlug: "transporter-kompetenz-center",
    status: "available",
  },
  { id: 5023344, variantName: "EQA 250+", condition: "used", locationSlug: "center-marne", status: "available" },
  { id: 3998120, variantName: "smart #3 Premium", condition: "used", locationSlug: "center-reinfeld-lubeck", status: "available" },
  { id: 4400871, variantName: "B-Klasse MasterLine T 780", condition: "used", locationSlug: "center-husum", status: "available" },
];

export interface StockEntry {
  vehicle: Vehicle;
  status: "available" | "sold";
}

/** The embedded demo stock: pinned vehicles plus the generated ones. */
export function demoStock(size = DEMO_STOCK_SIZE): StockEntry[] {
  const pinned = PINNED_VEHICLES.map(({ status, ...overrides }) => ({ vehicle: buildVehicle(overrides), status }));
  return [...pinned, ...generateStock(size).map((vehicle) => ({ vehicle, status: "available" as const }))];
}
