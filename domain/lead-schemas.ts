import * as z from "zod";
import { BRAND_KEYS } from "./brands.ts";
import {
  APPOINTMENT_WINDOW_DAYS,
  CONTACT_PREFERENCES,
  CONTACT_TOPICS,
  INTEREST_TOPICS,
  LEAD_CHECKBOX_FIELDS,
  LEAD_LIST_FIELDS,
  MOBILITY_OPTIONS,
  SALUTATIONS,
  TIMES_OF_DAY,
  WORKSHOP_SERVICES,
} from "./lead-vocabulary.ts";
import { CONTROL_CHARACTER_MESSAGE, NOT_MULTI_LINE, NOT_SINGLE_LINE } from "./text-lines.ts";
import { berlinWallClock } from "./berlin-time.ts";

/**
 * The site's own lead forms, one zod schema per kind, used on both sides: the
 * browser validates on blur and before sending (loaded on first interaction, ADR 0006), the worker
 * validates again and is the authority (POST /api/leads and the page actions). Messages are the
 * German texts visitors read next to the field.
 *
 * @example
 * const result = leadSubmissionSchema(berlinToday()).safeParse(body);
 * if (!result.success) return fieldErrorsOf(result.error); // { email: "Bitte geben Sie …" }
 */

const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/);
/** Visitor text, trimmed; a single line unless `lines` says otherwise (domain/text-lines.ts). */
const text = (max: number, lines: "single" | "multi" = "single") =>
  z
    .string()
    .trim()
    .max(max, { error: `Bitte höchstens ${max} Zeichen.` })
    .refine((value) => !(lines === "single" ? NOT_SINGLE_LINE : NOT_MULTI_LINE).test(value), { error: CONTROL_CHARACTER_MESSAGE });
const requiredText = (max: number, message: string, lines: "single" | "multi" = "single") => text(max, lines).min(1, { error: message });
/** Optional text fields arrive as "" from forms; "" means not given. */
const optionalText = (max: number, lines: "single" | "multi" = "single") =>
  text(max, lines)
    .optional()
    .transform((value) => (value ? value : undefined));
/** A center the visitor may name; "" (the select's empty choice) means none. */
const optionalLocation = z
  .union([slug, z.literal("")])
  .optional()
  .transform((value) => (value ? value : undefined));
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal("")])
    .optional()
    .transform((value) => (value ? value : undefined));

// One label per field so the browser can name the field in a summary; kept beside the rules.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const PHONE = /^\+?[0-9][0-9 ()/-]{4,28}[0-9]$/;

const contactFields = {
  salutation: optionalEnum(SALUTATIONS),
  firstName: requiredText(80, "Bitte geben Sie Ihren Vornamen ein."),
  lastName: requiredText(80, "Bitte geben Sie Ihren Nachnamen ein."),
  email: requiredText(200, "Bitte geben Sie Ihre E-Mail-Adresse ein.").regex(EMAIL, {
    error: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  }),
  phone: text(40)
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || PHONE.test(value), {
      error: "Bitte geben Sie eine gültige Telefonnummer ein, z. B. 040 123456.",
    }),
  message: optionalText(2000, "multi"),
  privacyAccepted: z.literal(true, {
    error: "Bitte stimmen Sie der Verarbeitung Ihrer Angaben zu, damit wir Ihre Anfrage bearbeiten können.",
  }),
};

/** Sent with every lead: the idempotency key (one per form render), the honeypot and optional anti-bot token. */
const envelopeFields = {
  idempotencyKey: z.uuid({ error: "Das Formular ist veraltet. Bitte laden Sie die Seite neu." }),
  website: z.string().max(500).optional(),
  turnstileToken: z.string().max(2048).optional(),
  /** The page the form was sent from (path only), for the CRM's context. */
  pagePath: z.string().startsWith("/").max(2048).optional(),
};

const vehicleId = z.coerce.number({ error: "Fahrzeug unbekannt." }).int().positive().max(999_999_999_999);
const mileage = z.coerce
  .number({ error: "Bitte geben Sie den Kilometerstand als Zahl ein." })
  .int({ error: "Bitte geben Sie den Kilometerstand in ganzen Kilometern ein." })
  .min(0, { error: "Der Kilometerstand kann nicht negativ sein." })
  .max(2_000_000, { error: "Bitte prüfen Sie den Kilometerstand." });

/** German licence plate: district (1–3 letters), recognition letters (1–2), number (1–4 digits), E/H suffix. */
export const LICENSE_PLATE = /^[A-ZÄÖÜ]{1,3}[- ][A-Z]{1,2} ?[1-9][0-9]{0,3}[EH]?$/;
const licensePlate = z
  .string()
  .trim()
  .min(1, { error: "Bitte geben Sie das Kennzeichen ein." })
  .transform((value) => value.toUpperCase().replace(/\s+/g, " "))
  .refine((value) => LICENSE_PLATE.test(value), { error: "Bitte geben Sie das Kennzeichen im Format HH-AB 1234 ein." });

/** "YYYY-MM-DD" of a Date in Europe/Berlin (the dealership's calendar, not the visitor's or UTC). */
export function berlinToday(now: Date = new Date()): string {
  return berlinWallClock(now).date;
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(value: string): boolean {
  return ISO_DATE.test(value) && new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;
}

/** Preferred appointment dates: tomorrow up to the window, Monday to Saturday. */
function appointmentDate(today: string, required: boolean) {
  const first = addDays(today, 1);
  const last = addDays(today, APPOINTMENT_WINDOW_DAYS);
  const base = z
    .string()
    .trim()
    .refine((value) => value === "" || isRealDate(value), { error: "Bitte wählen Sie ein gültiges Datum." })
    .refine((value) => value === "" || (value >= first && value <= last), {
      error: `Bitte wählen Sie einen Tag zwischen morgen und den nächsten ${APPOINTMENT_WINDOW_DAYS} Tagen.`,
    })
    .refine((value) => value === "" || new Date(`${value}T12:00:00Z`).getUTCDay() !== 0, {
      error: "Sonntags haben unsere Standorte geschlossen. Bitte wählen Sie einen anderen Tag.",
    });
  return required
    ? base.refine((value) => value !== "", { error: "Bitte wählen Sie einen Wunschtermin." })
    : base.optional().transform((value) => (value ? value : undefined));
}

function appointmentFields(today: string) {
  return {
    preferredDate1: appointmentDate(today, true),
    preferredDate2: appointmentDate(today, false),
    preferredDate3: appointmentDate(today, false),
    timeOfDay: z.enum(TIMES_OF_DAY, { error: "Bitte wählen Sie eine Tageszeit." }),
  };
}

const phoneRequired = (message: string) => (lead: { phone?: string | undefined }, context: z.RefinementCtx) => {
  if (!lead.phone) context.addIssue({ code: "custom", path: ["phone"], message });
};

export function leadSchemas(today: string) {
  const testDrive = z
    .object({
      kind: z.literal("test_drive"),
      ...envelopeFields,
      vehicleId: vehicleId.optional(),
      brand: z.enum(BRAND_KEYS).optional(),
      model: slug.optional(),
      location: z.union([slug, z.literal("")], { error: "Bitte wählen Sie einen Standort." }).optional(),
      ...appointmentFields(today),
      drivingLicence: z.literal(true, { error: "Für eine Probefahrt benötigen Sie einen gültigen Führerschein." }),
      ...contactFields,
    })
    .superRefine((lead, context) => {
      const forVehicle = lead.vehicleId !== undefined;
      const forModel = lead.brand !== undefined && lead.model !== undefined;
      if (forVehicle === forModel)
        context.addIssue({ code: "custom", path: ["vehicleId"], message: "Bitte wählen Sie ein Fahrzeug oder ein Modell." });
      if (forModel && !lead.location) context.addIssue({ code: "custom", path: ["location"], message: "Bitte wählen Sie einen Standort." });
    })
    .superRefine(phoneRequired("Für die Terminabstimmung benötigen wir Ihre Telefonnummer."));

  const interest = z
    .object({
      kind: z.literal("interest"),
      ...envelopeFields,
      vehicleId,
      contactPreference: z.enum(CONTACT_PREFERENCES, { error: "Bitte wählen Sie, wie wir Sie kontaktieren sollen." }).default("email"),
      interests: z.array(z.enum(INTEREST_TOPICS)).max(INTEREST_TOPICS.length).default([]),
      ...contactFields,
    })
    .superRefine((lead, context) => {
      if (lead.contactPreference === "phone")
        phoneRequired("Bitte geben Sie Ihre Telefonnummer an, damit wir Sie anrufen können.")(lead, context);
    });

  const modelContact = z.object({
    kind: z.literal("model_contact"),
    ...envelopeFields,
    brand: z.enum(BRAND_KEYS),
    model: slug,
    location: optionalLocation,
    ...contactFields,
    message: requiredText(2000, "Bitte schreiben Sie uns Ihre Frage.", "multi"),
  });

  const directContact = z.object({
    kind: z.literal("direct_contact"),
    ...envelopeFields,
    topic: z.enum(CONTACT_TOPICS, { error: "Bitte wählen Sie ein Thema." }),
    location: optionalLocation,
    ...contactFields,
    message: requiredText(2000, "Bitte schreiben Sie uns Ihr Anliegen.", "multi"),
  });

  const firstRegistration = z
    .string()
    .trim()
    .min(1, { error: "Bitte geben Sie den Monat der Erstzulassung ein." })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Bitte geben Sie die Erstzulassung als Monat und Jahr ein, z. B. 2019-05." })
    .refine((value) => value >= "1950-01" && value <= today.slice(0, 7), {
      error: "Die Erstzulassung muss zwischen 1950 und heute liegen.",
    });

  const tradeIn = z.object({
    kind: z.literal("trade_in"),
    ...envelopeFields,
    licensePlate,
    firstRegistration,
    mileage,
    make: requiredText(60, "Bitte geben Sie die Marke Ihres Fahrzeugs ein."),
    model: requiredText(80, "Bitte geben Sie das Modell Ihres Fahrzeugs ein."),
    /** The vehicle the visitor wants instead, when the form was opened from one. */
    vehicleId: vehicleId.optional(),
    ...contactFields,
  });

  const workshopAppointment = z
    .object({
      kind: z.literal("workshop_appointment"),
      ...envelopeFields,
      location: slug.or(z.literal("")).refine((value) => value !== "", { error: "Bitte wählen Sie einen Standort." }),
      licensePlate,
      make: requiredText(60, "Bitte geben Sie die Marke Ihres Fahrzeugs ein."),
      model: optionalText(80),
      mileage: z
        .union([z.literal(""), mileage])
        .optional()
        .transform((value) => (value === "" ? undefined : value)),
      services: z
        .array(z.enum(WORKSHOP_SERVICES))
        .min(1, { error: "Bitte wählen Sie mindestens eine Leistung." })
        .max(WORKSHOP_SERVICES.length),
      mobility: z.enum(MOBILITY_OPTIONS).default("none"),
      ...appointmentFields(today),
      ...contactFields,
    })
    .superRefine(phoneRequired("Für die Terminabstimmung benötigen wir Ihre Telefonnummer."));

  /** Editor-defined forms: the worker checks `fields` against the block definition (domain/form-validation). */
  const contentForm = z.object({
    kind: z.literal("content_form"),
    ...envelopeFields,
    formId: z.string().regex(/^[\w-]{1,64}$/),
    pageSlug: z
      .string()
      .max(500)
      .regex(/^(?:[A-Za-z0-9][A-Za-z0-9._-]*)?(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/),
    blockUid: z.string().regex(/^[\w-]{1,64}$/),
    fields: z
      .record(z.string().max(200), z.union([z.string().max(5000), z.boolean(), z.array(z.string().max(500)).max(100)]))
      .refine((fields) => Object.keys(fields).length <= 100),
  });

  return {
    test_drive: testDrive,
    interest,
    model_contact: modelContact,
    direct_contact: directContact,
    trade_in: tradeIn,
    workshop_appointment: workshopAppointment,
    content_form: contentForm,
  };
}

const schemasByDay = new Map<string, { schemas: ReturnType<typeof leadSchemas>; submission: ReturnType<typeof buildSubmission> }>();
function buildSubmission(schemas: ReturnType<typeof leadSchemas>) {
  return z.discriminatedUnion(
    "kind",
    [
      schemas.test_drive,
      schemas.interest,
      schemas.model_contact,
      schemas.direct_contact,
      schemas.trade_in,
      schemas.workshop_appointment,
      schemas.content_form,
    ],
    {
      error: "Unbekannte Anfrageart.",
    },
  );
}

function forDay(today: string) {
  let entry = schemasByDay.get(today);
  if (!entry) {
    const schemas = leadSchemas(today);
    entry = { schemas, submission: buildSubmission(schemas) };
    schemasByDay.clear(); // only "today" is ever needed; a new day replaces yesterday's
    schemasByDay.set(today, entry);
  }
  return entry;
}

/** Any lead, discriminated by `kind`. Dates are checked against `today` (Europe/Berlin). */
export function leadSubmissionSchema(today: string = berlinToday()) {
  return forDay(today).submission;
}

/** One kind's schema (the browser validates the form it shows). */
export function leadSchemaFor<K extends keyof ReturnType<typeof leadSchemas>>(
  kind: K,
  today: string = berlinToday(),
): ReturnType<typeof leadSchemas>[K] {
  return forDay(today).schemas[kind];
}

/**
 * The field names a form of this kind has (its schema's keys), or null for a kind we do not know:
 * what a re-rendered form may show back. Editor forms name their fields `fields.<name>` besides.
 */
export function leadFieldNames(kind: string): ReadonlySet<string> | null {
  const schemas = forDay(berlinToday()).schemas;
  const schema = new Map<string, { shape: object }>(Object.entries(schemas)).get(kind);
  return schema ? new Set(Object.keys(schema.shape)) : null;
}

export type LeadSubmission = z.output<ReturnType<typeof buildSubmission>>;
export type LeadInput = z.input<ReturnType<typeof buildSubmission>>;

/** Field path → its first German message ("form" for issues of the whole lead). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    if (!errors.has(field)) errors.set(field, issue.message);
  }
  // fromEntries defines own properties: a path named "__proto__" stays a plain key.
  return Object.fromEntries(errors);
}

const LIST_FIELDS = new Set<string>(LEAD_LIST_FIELDS);
const CHECKBOX_FIELDS = new Set<string>(LEAD_CHECKBOX_FIELDS);

/**
 * A plain form post (no JavaScript) in the JSON shape the schemas expect: checkbox groups become
 * lists, single checkboxes booleans, content-form fields (`fields.<path>`) a record. Files are left
 * out (the caller handles photos). Never indexes objects with visitor keys: builds Maps first.
 */
export function formDataToLeadInput(form: FormData): Record<string, unknown> {
  const top = new Map<string, unknown>();
  const contentFields = new Map<string, string | string[]>();
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (name.startsWith("fields.")) {
      const path = name.slice("fields.".length);
      const previous = contentFields.get(path);
      contentFields.set(path, previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value]);
    } else if (LIST_FIELDS.has(name)) {
      const previous = top.get(name);
      top.set(name, [...(Array.isArray(previous) ? previous : []), value]);
    } else if (CHECKBOX_FIELDS.has(name)) {
      top.set(name, value === "on" || value === "true");
    } else if (!top.has(name)) {
      top.set(name, value);
    }
  }
  for (const name of LIST_FIELDS) if (top.get("kind") !== "content_form" && !top.has(name)) top.set(name, []);
  for (const name of CHECKBOX_FIELDS) if (!top.has(name)) top.set(name, false);
  if (top.get("kind") === "content_form") top.set("fields", Object.fromEntries(contentFields));
  return Object.fromEntries(top);
}
