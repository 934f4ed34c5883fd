import * as z from "zod";
import { EmployeePageSchema, EmployeeSchema, type EmployeePage } from "#domain/data-schemas.ts";
import { DEPARTMENT_KEYS, isEmployeePhoto, type EmployeeFilter } from "#domain/employees.ts";
import type { DataPorts } from "#routes/ports.ts";
import { rows } from "./d1-batch.ts";
import { createKeptMap, readKept, type KeptMap } from "./kept-reads.ts";
import { isolateCollection } from "../isolate-state.ts";

/**
 * The contact-person directory from D1 (migrations 0007, 0016): filtered in SQL (center, department,
 * brand, free text in name and job title), heads of department first, then by name. A person
 * with no brands of their own looks after all of their center's brands.
 */

/**
 * A row as the search selects it: the Employee's own fields under their names (the SQL renames the
 * columns), its center in two columns, the brands as JSON text and NULL for no phone, e-mail or
 * photo. The photo is any text here: one that is not a picture address (domain/employees.ts
 * isEmployeePhoto) is left out, so a wrong UPDATE by ops costs that person's portrait, not the page.
 */
const RowSchema = EmployeeSchema.pick({ slug: true, firstName: true, lastName: true, jobTitle: true, department: true }).extend({
  locationSlug: z.string(),
  locationName: z.string(),
  brands: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  photo: z.string().nullable(),
});
const CountSchema = z.object({ total: z.number().int() });

/** Departments in the order of domain/employees.ts DEPARTMENTS (management first), not alphabetically. */
const DEPARTMENT_ORDER = `CASE e.department ${DEPARTMENT_KEYS.map((key, index) => `WHEN '${key}' THEN ${index}`).join(" ")} ELSE ${DEPARTMENT_KEYS.length} END`;

/** LIKE's wildcards in a visitor's text are matched literally. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function whereOf(filter: EmployeeFilter): { sql: string; params: string[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  if (filter.location) {
    clauses.push("e.location_slug = ?");
    params.push(filter.location);
  }
  if (filter.department) {
    clauses.push("e.department = ?");
    params.push(filter.department);
  }
  if (filter.brand) {
    // Own brands when the person has some, else the center's.
    clauses.push("EXISTS (SELECT 1 FROM json_each(CASE WHEN e.brands = '[]' THEN l.brands ELSE e.brands END) WHERE value = ?)");
    params.push(filter.brand);
  }
  if (filter.text) {
    // Each word must match the name or the job title ("service husum" is not a name; "jens hansen" is).
    for (const word of filter.text.split(" ").slice(0, 5)) {
      clauses.push("((e.first_name || ' ' || e.last_name) LIKE ? ESCAPE '\\' OR e.job_title LIKE ? ESCAPE '\\')");
      params.push(likeContains(word), likeContains(word));
    }
  }
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

/**
 * Pages of the contact-person directory an isolate keeps, as long as the location list (d1-stock.ts):
 * every location page and vehicle page shows the center's people, and reading them (three
 * statements, a zod parse per row) was ≈ 0.8 ms of such a page's CPU. Only answers are kept, never
 * failures; keyed by the filter and page as the loaders pass them (a Map, bounded).
 */
export const EMPLOYEE_PAGES_TTL_MS = 60_000;
export const isolateEmployeePages = isolateCollection("employee pages", createKeptMap<string, EmployeePage>(200, EMPLOYEE_PAGES_TTL_MS));

export function d1Employees(db: D1Database, kept: KeptMap<string, EmployeePage> = isolateEmployeePages): DataPorts["employees"] {
  return {
    search: (filter, paging) =>
      readKept(kept, JSON.stringify([filter, paging.page, paging.perPage]), () => readEmployeePage(db, filter, paging)),
  };
}

async function readEmployeePage(
  db: D1Database,
  filter: EmployeeFilter,
  { page, perPage }: { page: number; perPage: number },
): Promise<EmployeePage> {
  const where = whereOf(filter);
  const from = "FROM employees e JOIN locations l ON l.slug = e.location_slug";
  const results = await db.batch([
    db
      .prepare(
        `SELECT e.slug, e.first_name AS firstName, e.last_name AS lastName, e.job_title AS jobTitle, e.department,
                    e.location_slug AS locationSlug, l.name AS locationName, e.brands, e.phone, e.email, e.photo ${from} ${where.sql}
             ORDER BY l.name, ${DEPARTMENT_ORDER}, e.rank, e.last_name, e.first_name LIMIT ? OFFSET ?`,
      )
      .bind(...where.params, perPage, (page - 1) * perPage),
    db.prepare(`SELECT COUNT(*) AS total ${from} ${where.sql}`).bind(...where.params),
    db.prepare("SELECT DISTINCT l.slug, l.name FROM locations l JOIN employees e ON e.location_slug = l.slug ORDER BY l.name"),
  ]);
  const total = CountSchema.parse(rows(results, 1)[0]).total;
  return EmployeePageSchema.parse({
    employees: rows(results, 0).map((raw) => {
      const { locationSlug, locationName, brands, phone, email, photo, ...person } = RowSchema.parse(raw);
      return {
        ...person,
        location: { slug: locationSlug, name: locationName },
        brands: JSON.parse(brands),
        ...(phone !== null && { phone }),
        ...(email !== null && { email }),
        ...(photo !== null && isEmployeePhoto(photo) && { photo }),
      };
    }),
    total,
    page,
    pageCount: Math.ceil(total / perPage),
    locations: rows(results, 2),
  });
}
