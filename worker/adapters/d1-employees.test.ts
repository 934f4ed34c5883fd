import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { createKeptMap } from "./kept-reads.ts";
import { d1Employees, EMPLOYEE_PAGES_TTL_MS } from "./d1-employees.ts";
import type { EmployeePage } from "#domain/data-schemas.ts";

const FILTER = { location: "center-husum" };
const PAGE = { page: 1, perPage: 24 };

it("an isolate keeps a directory page for a minute, hands out copies, and never keeps a failure", async () => {
  let clock = 0;
  const kept = createKeptMap<string, EmployeePage>(200, EMPLOYEE_PAGES_TTL_MS, () => clock);
  const first = await d1Employees(env.DB, kept).search(FILTER, PAGE);
  expect(first.employees.length).toBeGreaterThan(0);
  const [person] = first.employees;
  await env.DB.prepare("UPDATE employees SET job_title = 'Umbenannt' WHERE slug = ?").bind(person!.slug).run();

  // Within the minute: the kept page, even with D1 failing, and a caller's change reaches no one else.
  const failing = {
    prepare: (sql: string) => env.DB.prepare(sql),
    batch: () => Promise.reject(new Error("D1 down")),
  } as unknown as D1Database;
  const again = await d1Employees(failing, kept).search(FILTER, PAGE);
  expect(again).toEqual(first);
  again.employees.length = 0;
  expect((await d1Employees(env.DB, kept).search(FILTER, PAGE)).employees).toHaveLength(first.employees.length);

  // After it: read again; a failing read is an error and leaves nothing kept.
  clock += EMPLOYEE_PAGES_TTL_MS;
  await expect(d1Employees(failing, kept).search(FILTER, PAGE)).rejects.toThrow("D1 down");
  const fresh = await d1Employees(env.DB, kept).search(FILTER, PAGE);
  expect(fresh.employees.find((employee) => employee.slug === person!.slug)?.jobTitle).toBe("Umbenannt");
});
