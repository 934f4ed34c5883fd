import { useState } from "react";
import { Island } from "#ui/islands/island.tsx";
import type { ContentEmployeesBlock, EmployeeBlock, EmployeeGridBlock, EmployeeOverviewBlock } from "../block-schemas.ts";
import { resolveLink } from "../link-field.ts";
import type { BlockProps } from "./block-props.ts";
import type { BlockRenderContext } from "../block-data.ts";
import type { EmployeePage } from "#domain/data-schemas.ts";
import type { DepartmentKey } from "#domain/employees.ts";
import type { BrandKey } from "#domain/brands.ts";
import { EmployeeAvatar, EmployeeCardLayout, EmployeeCardList, nameInitials } from "#ui/people/employee-card.tsx";
import { EmployeeCount, EmployeeDirectory, EmployeeFilterSelect } from "#ui/people/employee-directory.tsx";
import { Options } from "#ui/forms/options.tsx";
import { EMPLOYEES_UNAVAILABLE } from "#domain/employees.ts";
import { CardList, childLevel, SectionWithHeader } from "./block-parts.tsx";
import { ContentLink } from "./content-link.tsx";
import { compareGerman } from "#domain/german-order.ts";

/** Employees (spec section 3 "Employee: name, job title, department, location"), given in the block by the editor. */

/** "center-hamburg-am-rothenbaum" → "Center Hamburg Am Rothenbaum" when no location name is known. */
export function locationLabel(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export function EmployeeView({ block, level }: BlockProps<EmployeeBlock>) {
  const phone = block.phone ? resolveLink({ linktype: "url", url: `tel:${block.phone}` }) : null;
  const email = block.email ? resolveLink({ linktype: "email", email: block.email }) : null;
  return (
    <EmployeeCardLayout
      picture={<EmployeeAvatar initials={nameInitials(block.name)} photo={block.image?.filename} />}
      name={block.name}
      level={level}
      job={block.job_title}
      meta={
        block.department || block.location
          ? [block.department, block.location ? locationLabel(block.location) : undefined].filter(Boolean).join(" · ")
          : undefined
      }
      phone={
        phone ? (
          <>
            <span className="visually-hidden">Telefon: </span>
            <ContentLink link={phone}>{block.phone}</ContentLink>
          </>
        ) : null
      }
      email={
        email ? (
          <>
            <span className="visually-hidden">E-Mail: </span>
            <ContentLink link={email}>{block.email}</ContentLink>
          </>
        ) : null
      }
    />
  );
}

/** The directory's answer for a block without hand-picked people (BlockDataNeed "employees"). */
function employeeData(uid: string, context: BlockRenderContext): EmployeePage | "error" | null {
  const entry = context.data[uid];
  if (entry?.kind === "error") return "error";
  return entry?.kind === "employees" ? entry.page : null;
}

export function EmployeeGridView({ block, level, render, context }: BlockProps<EmployeeGridBlock | ContentEmployeesBlock>) {
  const fromData = block.employees.length > 0 ? null : employeeData(block._uid, context);
  const childLevelValue = childLevel(level, block.headline);
  return (
    <SectionWithHeader block={block} className={`block employee-grid ${block.component.replace(/_/g, "-")}`} level={level} render={render}>
      {block.employees.length > 0 ? (
        <CardList className="employee-list" items={block.employees} keyOf={(employee) => employee._uid}>
          {(employee) => render([employee], { level: childLevelValue })}
        </CardList>
      ) : fromData === "error" ? (
        <p className="block__empty" role="status">
          {EMPLOYEES_UNAVAILABLE}
        </p>
      ) : fromData && fromData.employees.length > 0 ? (
        <EmployeeCardList employees={fromData.employees} level={childLevelValue} />
      ) : (
        <p className="block__empty">Derzeit sind keine Ansprechpartner hinterlegt.</p>
      )}
    </SectionWithHeader>
  );
}

/**
 * All employees with client-side filters by department and location (spec: "No employees found:
 * hint to adjust filters"). The filters and the list are an island on editorial pages (ADR 0017),
 * so the list holds the employee blocks only (rendered as EmployeeView, not through the registry).
 */
export function EmployeeOverviewView({ block, level, render, context }: BlockProps<EmployeeOverviewBlock>) {
  const employees = block.employees.filter((child): child is EmployeeBlock => child.component === "employee");
  // Without hand-picked people: the whole directory from the data, filtered by a GET form (no island needed).
  const fromData = employees.length > 0 ? null : employeeData(block._uid, context);
  const preset = {
    ...(block.location && { location: block.location }),
    ...(block.department && { department: block.department as DepartmentKey }),
    ...(block.brand && { brand: block.brand as BrandKey }),
  };
  return (
    <SectionWithHeader block={block} className="block employee-overview" level={level} render={render}>
      {employees.length > 0 ? (
        <Island
          name="employee-overview"
          component={FilteredEmployees}
          props={{ employees, level: childLevel(level, block.headline), formId: `employees-${block._uid}` }}
        />
      ) : fromData === "error" ? (
        <p className="block__empty" role="status">
          {EMPLOYEES_UNAVAILABLE}
        </p>
      ) : fromData ? (
        <EmployeeDirectory page={fromData} preset={preset} level={childLevel(level, block.headline)} idPrefix={`employees-${block._uid}`} />
      ) : (
        <p className="block__empty">Derzeit sind keine Ansprechpartner hinterlegt.</p>
      )}
    </SectionWithHeader>
  );
}

/** Employees in an island render without the registry: nothing nested, no block data. */
const NO_CONTEXT: BlockProps<unknown>["context"] = { data: {}, preview: false };
const renderNothing: BlockProps<unknown>["render"] = () => null;

export function FilteredEmployees({ employees, level, formId }: { employees: EmployeeBlock[]; level: number; formId: string }) {
  const [department, setDepartment] = useState("");
  const [location, setLocation] = useState("");
  const departments = unique(employees.map((employee) => employee.department));
  const locations = unique(employees.map((employee) => employee.location));
  const shown = employees.filter(
    (employee) => (!department || employee.department === department) && (!location || employee.location === location),
  );
  return (
    <>
      <form
        className="employee-overview__filters"
        role="search"
        aria-label="Ansprechpartner filtern"
        onSubmit={(event) => event.preventDefault()}
      >
        <EmployeeFilterSelect
          id={`${formId}-department`}
          label="Abteilung"
          value={department}
          onChange={(event) => setDepartment(event.target.value)}
        >
          <Options empty="Alle Abteilungen" choices={departments.map((value) => ({ value, label: value }))} />
        </EmployeeFilterSelect>
        <EmployeeFilterSelect
          id={`${formId}-location`}
          label="Standort"
          value={location}
          onChange={(event) => setLocation(event.target.value)}
        >
          <Options empty="Alle Standorte" choices={locations.map((value) => ({ value, label: locationLabel(value) }))} />
        </EmployeeFilterSelect>
      </form>
      <EmployeeCount count={shown.length} />
      {shown.length > 0 ? (
        <CardList className="employee-list" items={shown} keyOf={(employee) => employee._uid}>
          {(employee) => (
            <EmployeeView block={employee} level={Math.min(6, Math.max(2, level))} context={NO_CONTEXT} render={renderNothing} />
          )}
        </CardList>
      ) : (
        <p className="block__empty">Keine Ansprechpartner gefunden. Bitte passen Sie Ihre Filter an.</p>
      )}
    </>
  );
}

function unique(values: Array<string | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))].sort(compareGerman);
}
