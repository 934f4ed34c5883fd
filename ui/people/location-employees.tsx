import type { Employee } from "#domain/data-schemas.ts";
import { DEPARTMENTS, EMPLOYEES_UNAVAILABLE } from "#domain/employees.ts";
import { SiteLink } from "#ui/site-link.tsx";
import { EmployeeCardList } from "./employee-card.tsx";

/**
 * A center's contact persons by department (site config location.showEmployees), heads first;
 * null employees: the directory could not be read (a German notice, the rest of the page stays).
 */
export function LocationEmployees({ employees, locationSlug }: { employees: readonly Employee[] | null; locationSlug: string }) {
  const groups = DEPARTMENTS.map((department) => ({
    ...department,
    people: (employees ?? []).filter((employee) => employee.department === department.key),
  })).filter((group) => group.people.length > 0);
  if (employees !== null && groups.length === 0) return null;
  return (
    <section className="location-employees" aria-labelledby="location-employees-heading">
      <h2 id="location-employees-heading">Ansprechpartner</h2>
      {employees === null ? (
        <p className="block__empty">{EMPLOYEES_UNAVAILABLE}</p>
      ) : (
        groups.map((group) => (
          <section key={group.key} className="location-employees__department" aria-labelledby={`department-${group.key}`}>
            <h3 id={`department-${group.key}`}>{group.label}</h3>
            <EmployeeCardList employees={group.people} level={4} showLocation={false} />
          </section>
        ))
      )}
      <p>
        <SiteLink to={`/ansprechpartner?standort=${encodeURIComponent(locationSlug)}`}>
          Alle Ansprechpartner dieses Standorts im Verzeichnis
        </SiteLink>
      </p>
    </section>
  );
}
