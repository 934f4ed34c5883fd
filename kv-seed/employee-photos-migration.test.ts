import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";

/**
 * Migration 0016 against a database that already has people (production has, the tests' D1 does
 * not: it is migrated empty, then seeded). D1 is SQLite; Node's own runs the same SQL.
 */
const MIGRATIONS = "migrations";
const files = readdirSync(MIGRATIONS)
  .filter((name) => name.endsWith(".sql"))
  .sort();

function migrate(db: DatabaseSync, which: (name: string) => boolean): void {
  for (const name of files.filter(which)) db.exec(readFileSync(`${MIGRATIONS}/${name}`, "utf8"));
}

describe("migration 0016 (employee photos)", () => {
  it("adds the column to existing people, who keep their data and have no photo", () => {
    const db = new DatabaseSync(":memory:");
    migrate(db, (name) => name < "0016");
    db.exec(`INSERT INTO locations (slug, name, street, postal_code, city, phone, brands)
             VALUES ('center-husum', 'Center Husum', 'Straße 1', '25813', 'Husum', '04841 1-0', '["smart"]')`);
    db.exec(`INSERT INTO employees (slug, first_name, last_name, job_title, department, location_slug, phone)
             VALUES ('jens-hansen', 'Jens', 'Hansen', 'Serviceberater', 'service', 'center-husum', '04841 1-20')`);
    migrate(db, (name) => name.startsWith("0016"));
    expect(db.prepare("SELECT slug, first_name, phone, photo FROM employees").all()).toEqual([
      { slug: "jens-hansen", first_name: "Jens", phone: "04841 1-20", photo: null },
    ]);
    db.exec("UPDATE employees SET photo = 'https://a.storyblok.com/f/1/800x800/ab/jens.jpg'");
    db.exec("UPDATE employees SET photo = '/demo/portraits/portrait-5.svg'");
    db.exec("UPDATE employees SET photo = NULL");
    // The plainest slips fail at write time (the site checks every value again when it reads it).
    for (const slip of ["jens.jpg", "http://www.example.de/jens.jpg", "upload:jens.jpg", `https://${"a".repeat(2_000)}.jpg`])
      expect(() => db.exec(`UPDATE employees SET photo = '${slip}'`), slip).toThrow(/CHECK constraint failed/);
    db.close();
  });
});
