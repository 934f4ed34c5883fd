import { equipmentForFilter, OPTIONAL_FILTERS, type OptionalFilter } from "#domain/equipment.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import type { AcquisitionType } from "#domain/vehicle-vocabulary.ts";

/** Insert columns of `vehicles` (migrations/0002_vehicle_stock.sql), in statement order. */
export const VEHICLE_COLUMNS = [
  "id",
  "slug",
  "status",
  "brand",
  "model",
  "title",
  "condition",
  "category",
  "body_style",
  "fuel",
  "transmission",
  "drive_type",
  "color_key",
  "location_slug",
  "construction_year",
  "mileage_km",
  "power_hp",
  "seats",
  "price_purchase",
  "price_private_finance",
  "price_business_finance",
  "price_private_lease",
  "price_business_lease",
  "has_towbar",
  "has_cruise_control",
  "has_parking",
  "has_airbags",
  "has_security",
  "has_air_conditioning",
  "first_registration",
  "image",
  "alloy_wheel_inch",
] as const;

const FILTER_KEYS = new Map<OptionalFilter, Set<string>>(OPTIONAL_FILTERS.map((filter) => [filter, new Set(equipmentForFilter(filter))]));

function hasFeature(vehicle: Vehicle, filter: OptionalFilter): number {
  const keys = FILTER_KEYS.get(filter)!;
  return vehicle.equipment.some((key) => keys.has(key)) ? 1 : 0;
}

function offerPrice(vehicle: Vehicle, type: AcquisitionType): number | null {
  return vehicle.offers.find((offer) => offer.type === type)?.price ?? null;
}

/** The row values for one vehicle; `colorKey` is the image colour key (stable, filterable). */
export function vehicleRow(vehicle: Vehicle, status: "available" | "sold" = "available"): Array<string | number | null> {
  const colorKey = /\/images\/vehicles\/[a-z]+-([a-z]+)-\d\.svg$/.exec(vehicle.images[0] ?? "")?.[1] ?? "other";
  return [
    vehicle.id,
    vehicle.slug,
    status,
    vehicle.brand,
    vehicle.model,
    vehicle.title,
    vehicle.condition,
    vehicle.category,
    vehicle.bodyStyle,
    vehicle.fuel,
    vehicle.transmission,
    vehicle.driveType,
    colorKey,
    vehicle.locationSlug,
    vehicle.constructionYear,
    vehicle.mileageKm,
    vehicle.powerHp,
    vehicle.seats,
    vehicle.price,
    offerPrice(vehicle, "private_finance"),
    offerPrice(vehicle, "business_finance"),
    offerPrice(vehicle, "private_lease"),
    offerPrice(vehicle, "business_lease"),
    hasFeature(vehicle, "towbar"),
    hasFeature(vehicle, "cruise_control"),
    hasFeature(vehicle, "parking"),
    hasFeature(vehicle, "airbags"),
    hasFeature(vehicle, "security"),
    hasFeature(vehicle, "air_conditioning"),
    vehicle.firstRegistration ?? null,
    vehicle.images[0] ?? null,
    vehicle.alloyWheelInch ?? null,
  ];
}

/** The full validated Vehicle, for the detail page (`vehicle_documents`). */
export function vehicleDocumentRow(vehicle: Vehicle): Array<string | number | null> {
  return [vehicle.id, JSON.stringify(vehicle)];
}

function sqlLiteral(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Multi-row INSERT statements with literal values (one per line, as D1's exec wants), so the
 * demo stock loads in a few statements instead of one per vehicle. D1 caps a statement at
 * 100 KB; a row is ~2.7 KB, hence 30 documents per statement. Values
 * come from our own validated generator, and every string is quoted with '' escaping.
 */
export function insertRowsSql(
  table: string,
  columns: readonly string[],
  rows: Array<Array<string | number | null>>,
  rowsPerStatement: number,
): string[] {
  const statements: string[] = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const values = rows.slice(start, start + rowsPerStatement).map((row) => `(${row.map(sqlLiteral).join(", ")})`);
    statements.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values.join(", ")};`);
  }
  return statements;
}

/** Insert statements for `vehicles` (~0.3 KB a row) and `vehicle_documents` (~2.7 KB a row). */
export function insertVehiclesSql(rows: Array<Array<string | number | null>>, rowsPerStatement = 200): string[] {
  return insertRowsSql("vehicles", VEHICLE_COLUMNS, rows, rowsPerStatement);
}

export function insertVehicleDocumentsSql(rows: Array<Array<string | number | null>>, rowsPerStatement = 30): string[] {
  return insertRowsSql("vehicle_documents", ["id", "data"], rows, rowsPerStatement);
}
