import type { ComponentProps, ReactNode } from "react";
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
import { EmployeeCardList } from "./employee-card.tsx";
import { BrandOptions } from "#ui/forms/brand-options.tsx";
import { Options } from "#ui/forms/options.tsx";

/** One filter of the contact-person forms (the directory's and the editor's hand-picked list): a labelled select. */
export function EmployeeFilterSelect({
  id,
  label,
  children,
  ...select
}: { id: string; label: string; children: ReactNode } & Omit<ComponentProps<"select">, "id" | "children">) {
  return (
    <div className="employee-overview__filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {children}
      </select>
    </div>
  );
}

/** How many contact persons the filters find, announced when it changes ("Ansprechpartner" is singular and plural). */
export function EmployeeCount({ count }: { count: number }) {
  return (
    <p className="employee-overview__count" role="status">
      {`${count} Ansprechpartner`}
    </p>
  );
}

/**
 * The contact-person directory: a GET form (center, department, brand, name or
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
          <EmployeeFilterSelect id={id("location")} label="Standort" name={EMPLOYEE_PARAMS.location} defaultValue={filter.location ?? ""}>
            <Options empty="Alle Standorte" choices={page.locations.map(({ slug, name }) => ({ value: slug, label: name }))} />
          </EmployeeFilterSelect>
        )}
        {preset.department ? null : (
          <EmployeeFilterSelect
            id={id("department")}
            label="Abteilung"
            name={EMPLOYEE_PARAMS.department}
            defaultValue={filter.department ?? ""}
          >
            <Options empty="Alle Abteilungen" choices={DEPARTMENTS.map(({ key, label }) => ({ value: key, label }))} />
          </EmployeeFilterSelect>
        )}
        {preset.brand ? null : (
          <EmployeeFilterSelect id={id("brand")} label="Marke" name={EMPLOYEE_PARAMS.brand} defaultValue={filter.brand ?? ""}>
            <BrandOptions brands={BRAND_KEYS} />
          </EmployeeFilterSelect>
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
      <EmployeeCount count={page.total} />
      {page.employees.length > 0 ? (
        <EmployeeCardList employees={page.employees} level={level} />
      ) : (
        <p className="block__empty">{NO_EMPLOYEES}</p>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} hrefFor={hrefFor} />
    </>
  );
}
