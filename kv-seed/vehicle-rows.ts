import type { Vehicle } from "#domain/vehicle.ts";
import { VEHICLE_COLUMNS } from "#domain/vehicle-row.ts";

export { VEHICLE_COLUMNS, vehicleRow } from "#domain/vehicle-row.ts";

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
