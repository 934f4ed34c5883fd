function sqlLiteral(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Multi-row INSERT statements with literal values, so the demo's locations, contact persons and
 * model variants load in a few statements instead of one per row (D1 caps a statement at 100 KB:
 * callers choose `rowsPerStatement`). Values come from our own validated demo data, and every
 * string is quoted with '' escaping. The demo stock does not come this way: it goes through the
 * stock import (kv-seed/demo-feed.ts).
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
