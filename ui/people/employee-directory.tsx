import type { EmployeePage } from "#domain/data-schemas.ts";
import { BRAND_KEYS } from "#domain/brands.ts";
import {
  DEPARTMENTS,
  EMPLOYEE_PARAMS,
  employeeFilterQuery,
  NO_EMPLOYEES,
  parseEmployeeFilter,
  type EmployeeFilter,
} from "#domain/employees.ts";
import { Pagination } from "#ui/carfinder/pagination.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import { useSitePage } from "#ui/site-context.tsx";
import { EmployeeCard } from "./employee-card.tsx";
import { BrandOptions } from "#ui/forms/brand-options.tsx";

/**
 * The contact-person directory (issue 10 item 2): a GET form (center, department, brand, name or
 * job title) that works without JavaScript — on an editorial page it loads the filtered document,
 * in the app the router navigates — the count, the cards and page links. The form shows what the
 * page URL asks for; `preset` is what the editor fixed (those filters are not offered).
 */
export function EmployeeDirectory({
  page,
  preset,
  level,
  idPrefix,
}: {
  page: EmployeePage;
  preset: EmployeeFilter;
  level: number;
  idPrefix: string;
}) {
  const { pathname, search } = useSitePage();
  const { filter } = parseEmployeeFilter(new URLSearchParams(search));
  const active = Object.keys(filter).length > 0;
  const hrefFor = (next: number) => {
    const query = employeeFilterQuery(filter, next);
    return `${pathname}${query ? `?${query}` : ""}`;
  };
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <form className="employee-overview__filters" method="get" action={pathname} role="search" aria-label="Ansprechpartner filtern">
        <div className="employee-overview__filter employee-overview__filter--text">
          <label htmlFor={id("text")}>Name oder Aufgabe</label>
          <input
            id={id("text")}
            type="search"
            name={EMPLOYEE_PARAMS.text}
            defaultValue={filter.text ?? ""}
            maxLength={80}
            enterKeyHint="search"
          />
        </div>
        {preset.location ? null : (
          <div className="employee-overview__filter">
            <label htmlFor={id("location")}>Standort</label>
            <select id={id("location")} name={EMPLOYEE_PARAMS.location} defaultValue={filter.location ?? ""}>
              <option value="">Alle Standorte</option>
              {page.locations.map((location) => (
                <option key={location.slug} value={location.slug}>
                  {location.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {preset.department ? null : (
          <div className="employee-overview__filter">
            <label htmlFor={id("department")}>Abteilung</label>
            <select id={id("department")} name={EMPLOYEE_PARAMS.department} defaultValue={filter.department ?? ""}>
              <option value="">Alle Abteilungen</option>
              {DEPARTMENTS.map((department) => (
                <option key={department.key} value={department.key}>
                  {department.label}
                </option>
              ))}
            </select>
          </div>
        )}
        {preset.brand ? null : (
          <div className="employee-overview__filter">
            <label htmlFor={id("brand")}>Marke</label>
            <select id={id("brand")} name={EMPLOYEE_PARAMS.brand} defaultValue={filter.brand ?? ""}>
              <BrandOptions brands={BRAND_KEYS} />
            </select>
          </div>
        )}
        <div className="employee-overview__actions">
          <button type="submit" className="button button--primary button--medium">
            Ansprechpartner finden
          </button>
          {active ? (
            <SiteLink className="button button--ghost button--medium" to={pathname}>
              Filter zurücksetzen
            </SiteLink>
          ) : null}
        </div>
      </form>
      <p className="employee-overview__count" role="status">
        {page.total === 1 ? "1 Ansprechpartner" : `${page.total} Ansprechpartner`}
      </p>
      {page.employees.length > 0 ? (
        <ul className="employee-list">
          {page.employees.map((employee) => (
            <li key={employee.slug}>
              <EmployeeCard employee={employee} level={level} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="block__empty">{NO_EMPLOYEES}</p>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} hrefFor={hrefFor} />
    </>
  );
}
