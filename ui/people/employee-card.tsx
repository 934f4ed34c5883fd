import type { Employee } from "#domain/data-schemas.ts";
import { locationPath } from "#domain/site-paths.ts";
import { departmentLabel } from "#domain/employees.ts";
import { clickTracking } from "#ui/analytics/click-tracking.ts";
import { SiteLink } from "#ui/site-link.tsx";
import { Heading } from "#ui/heading.tsx";
import { telHref } from "#domain/phone.ts";

/** "JH" for Jens Hansen: the photo placeholder (no portraits in the data; initials keep faces apart at a glance). */
export function initials(employee: Pick<Employee, "firstName" | "lastName">): string {
  return `${[...employee.firstName][0] ?? ""}${[...employee.lastName][0] ?? ""}`.toUpperCase();
}

/**
 * One contact person: photo placeholder, name, job title, department, center (linking to its
 * page) and the contact actions (call, write), each tracked with the center's id.
 */
export function EmployeeCard({ employee, level, showLocation = true }: { employee: Employee; level: number; showLocation?: boolean }) {
  const name = `${employee.firstName} ${employee.lastName}`;
  const tracking = { location_id: employee.location.slug };
  return (
    <article className="employee-card">
      <span className="employee-card__avatar" aria-hidden="true">
        {initials(employee)}
      </span>
      <div className="employee-card__body">
        <Heading level={level} className="employee-card__name">
          {name}
        </Heading>
        <p className="employee-card__job">{employee.jobTitle}</p>
        <p className="employee-card__meta">
          {departmentLabel(employee.department)}
          {showLocation ? (
            <>
              {" · "}
              <SiteLink to={locationPath(employee.location.slug)}>{employee.location.name}</SiteLink>
            </>
          ) : null}
        </p>
        {employee.phone || employee.email ? (
          <ul className="employee-card__contact">
            {employee.phone ? (
              <li>
                <a href={telHref(employee.phone)} {...clickTracking("click_location_phone_number", tracking)}>
                  <span className="visually-hidden">{name} anrufen: </span>
                  {employee.phone}
                </a>
              </li>
            ) : null}
            {employee.email ? (
              <li>
                <a href={`mailto:${employee.email}`} {...clickTracking("click_location_email", tracking)}>
                  <span className="visually-hidden">E-Mail an {name}: </span>
                  {employee.email}
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
