import type { ReactNode } from "react";
import type { Employee } from "#domain/data-schemas.ts";
import { locationPath } from "#domain/site-paths.ts";
import { departmentLabel, EMPLOYEE_PHOTO_SIZE, employeePhotoSource, isEmployeePhoto } from "#domain/employees.ts";
import { clickTracking } from "#ui/analytics/click-tracking.ts";
import { SiteLink } from "#ui/site-link.tsx";
import { Heading } from "#ui/heading.tsx";
import { telHref } from "#domain/phone.ts";

/** "JH" for Jens Hansen: what a card shows without a photo (initials keep faces apart at a glance). */
export function initials(employee: Pick<Employee, "firstName" | "lastName">): string {
  return `${[...employee.firstName][0] ?? ""}${[...employee.lastName][0] ?? ""}`.toUpperCase();
}

/** Initials of a name written as one text (an editor's employee block): first and last word. */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/);
  return initials({ firstName: words[0] ?? "", lastName: words.length > 1 ? (words.at(-1) ?? "") : "" });
}

/**
 * A contact person's picture: the initials, and the photo over them when there is one
 * (domain/employees.ts isEmployeePhoto). The photo is sized (width and height, a fixed box: nothing
 * shifts when it loads), lazy and decoded off the main thread. Its alt is empty: the person's name
 * is the card's heading right beside it, and a screen reader would hear it twice. While it loads
 * and when it fails, the initials show through (an image with an empty alt draws nothing when
 * broken), without any script: editorial pages render the cards without hydrating them.
 */
export function EmployeeAvatar({ initials: text, photo }: { initials: string; photo?: string | undefined }) {
  return (
    <span className="employee-card__avatar" aria-hidden="true">
      {text}
      {photo !== undefined && isEmployeePhoto(photo) ? (
        <img
          className="employee-card__photo"
          src={employeePhotoSource(photo)}
          width={EMPLOYEE_PHOTO_SIZE}
          height={EMPLOYEE_PHOTO_SIZE}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : null}
    </span>
  );
}

/**
 * The markup of a contact person's card (`.employee-card`), for the directory's employees below
 * and the employees editors place on a page (content/blocks/people-blocks.tsx). The job and meta
 * lines show when given; the contact list when there is a phone or an e-mail link.
 */
export function EmployeeCardLayout({
  picture,
  name,
  level,
  job,
  meta,
  phone,
  email,
}: {
  picture: ReactNode;
  name: string;
  level: number;
  job?: string | undefined;
  meta?: ReactNode;
  phone?: ReactNode;
  email?: ReactNode;
}) {
  return (
    <article className="employee-card">
      {picture}
      <div className="employee-card__body">
        <Heading level={level} className="employee-card__name">
          {name}
        </Heading>
        {job === undefined ? null : <p className="employee-card__job">{job}</p>}
        {meta === undefined ? null : <p className="employee-card__meta">{meta}</p>}
        {phone || email ? (
          <ul className="employee-card__contact">
            {phone ? <li>{phone}</li> : null}
            {email ? <li>{email}</li> : null}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

/**
 * One contact person: photo (or initials), name, job title, department, center (linking to its
 * page) and the contact actions (call, write), each tracked with the center's id.
 */
export function EmployeeCard({ employee, level, showLocation = true }: { employee: Employee; level: number; showLocation?: boolean }) {
  const name = `${employee.firstName} ${employee.lastName}`;
  const tracking = { location_id: employee.location.slug };
  return (
    <EmployeeCardLayout
      picture={<EmployeeAvatar initials={initials(employee)} photo={employee.photo} />}
      name={name}
      level={level}
      job={employee.jobTitle}
      meta={
        <>
          {departmentLabel(employee.department)}
          {showLocation ? (
            <>
              {" · "}
              <SiteLink to={locationPath(employee.location.slug)}>{employee.location.name}</SiteLink>
            </>
          ) : null}
        </>
      }
      phone={
        employee.phone ? (
          <a href={telHref(employee.phone)} {...clickTracking("click_location_phone_number", tracking)}>
            <span className="visually-hidden">{name} anrufen: </span>
            {employee.phone}
          </a>
        ) : null
      }
      email={
        employee.email ? (
          <a href={`mailto:${employee.email}`} {...clickTracking("click_location_email", tracking)}>
            <span className="visually-hidden">E-Mail an {name}: </span>
            {employee.email}
          </a>
        ) : null
      }
    />
  );
}

/** Contact persons as a list of cards (`.employee-list`). */
export function EmployeeCardList({
  employees,
  level,
  showLocation = true,
}: {
  employees: readonly Employee[];
  level: number;
  showLocation?: boolean;
}) {
  return (
    <ul className="employee-list">
      {employees.map((employee) => (
        <li key={employee.slug}>
          <EmployeeCard employee={employee} level={level} showLocation={showLocation} />
        </li>
      ))}
    </ul>
  );
}
