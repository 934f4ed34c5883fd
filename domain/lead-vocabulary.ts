/**
 * The words of the site's own lead forms, zod-free: the form pages render with them
 * on first load (ADR 0006); the schemas in lead-schemas.ts load when a visitor starts typing.
 * Option values are stable keys (they reach the CRM); labels are what visitors read.
 */

export const LEAD_KINDS = [
  "test_drive",
  "interest",
  "model_contact",
  "direct_contact",
  "trade_in",
  "workshop_appointment",
  "content_form",
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  test_drive: "Probefahrt",
  interest: "Fahrzeuganfrage",
  model_contact: "Modellanfrage",
  direct_contact: "Direktkontakt",
  trade_in: "Inzahlungnahme",
  workshop_appointment: "Werkstatttermin",
  content_form: "Kontaktformular",
};

export const SALUTATIONS = ["frau", "herr", "divers"] as const;
export const SALUTATION_LABELS: Record<(typeof SALUTATIONS)[number], string> = { frau: "Frau", herr: "Herr", divers: "Divers" };

export const TIMES_OF_DAY = ["morning", "midday", "afternoon", "any"] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
export const TIME_OF_DAY_LABELS: Record<TimeOfDay, string> = {
  morning: "Vormittags (8–12 Uhr)",
  midday: "Mittags (12–14 Uhr)",
  afternoon: "Nachmittags (14–18 Uhr)",
  any: "Egal, ganz flexibel",
};

export const CONTACT_PREFERENCES = ["email", "phone"] as const;
export const CONTACT_PREFERENCE_LABELS: Record<(typeof CONTACT_PREFERENCES)[number], string> = {
  email: "per E-Mail",
  phone: "per Telefon",
};

/** What else an interested buyer wants to hear about (interest form). */
export const INTEREST_TOPICS = ["financing", "leasing", "trade_in"] as const;
export const INTEREST_TOPIC_LABELS: Record<(typeof INTEREST_TOPICS)[number], string> = {
  financing: "Finanzierungsangebot",
  leasing: "Leasingangebot",
  trade_in: "Inzahlungnahme meines Fahrzeugs",
};

export const CONTACT_TOPICS = ["sales", "service", "parts", "career", "other"] as const;
export const CONTACT_TOPIC_LABELS: Record<(typeof CONTACT_TOPICS)[number], string> = {
  sales: "Fahrzeugkauf und Beratung",
  service: "Werkstatt und Service",
  parts: "Teile und Zubehör",
  career: "Karriere",
  other: "Sonstiges",
};

export const WORKSHOP_SERVICES = ["inspection", "hu_au", "tyres", "repair", "air_conditioning", "bodywork", "other"] as const;
export const WORKSHOP_SERVICE_LABELS: Record<(typeof WORKSHOP_SERVICES)[number], string> = {
  inspection: "Inspektion / Wartung",
  hu_au: "Hauptuntersuchung (HU/AU)",
  tyres: "Räderwechsel / Reifen",
  repair: "Reparatur",
  air_conditioning: "Klimaservice",
  bodywork: "Karosserie / Unfallschaden",
  other: "Sonstiges",
};

export const MOBILITY_OPTIONS = ["none", "replacement_car", "pickup", "wait"] as const;
export const MOBILITY_LABELS: Record<(typeof MOBILITY_OPTIONS)[number], string> = {
  none: "Keine Mobilitätsleistung nötig",
  replacement_car: "Ersatzfahrzeug",
  pickup: "Hol- und Bringservice",
  wait: "Ich warte vor Ort",
};

/** Trade-in photos ("optional photos"): few, small, images only. */
export const TRADE_IN_PHOTOS = { maxCount: 5, maxBytes: 5 * 1024 * 1024, types: ["image/jpeg", "image/png", "image/webp"] } as const;

/** How far ahead a visitor may ask for a test drive or workshop appointment. */
export const APPOINTMENT_WINDOW_DAYS = 90;

/** Fields that repeat in a form post (checkbox groups) and fields that are single checkboxes. */
export const LEAD_LIST_FIELDS = ["interests", "services"] as const;
export const LEAD_CHECKBOX_FIELDS = ["privacyAccepted", "drivingLicence"] as const;

/** Honeypot: a text field people never see (CSS + aria-hidden) that bots fill in. */
export const HONEYPOT_FIELD = "website";

/** The German message shown above a form that cannot be sent yet ("Form incomplete."). */
export const FORM_INCOMPLETE_MESSAGE = "Formular unvollständig. Bitte prüfen Sie die markierten Angaben.";
