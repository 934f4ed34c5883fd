import { BRAND_NAMES } from "#domain/brands.ts";
import { formatEuro, formatKm, formatMonth } from "#domain/format.ts";
import {
  CONTACT_PREFERENCE_LABELS,
  CONTACT_TOPIC_LABELS,
  INTEREST_TOPIC_LABELS,
  MOBILITY_LABELS,
  SALUTATION_LABELS,
  TIME_OF_DAY_LABELS,
  WORKSHOP_SERVICE_LABELS,
} from "#domain/lead-vocabulary.ts";
import { findModelLine } from "#domain/model-lines.ts";
import { kindLabel, type PhotoLink } from "./crm-payload.ts";
import type { LeadRecord } from "./lead-store.ts";
import { isBrand } from "./mail-routing.ts";

/**
 * The German text of a lead e-mail (docs/leads.md "E-mail"): subject, plain text and an HTML
 * alternative in which every value is escaped. Visitor values are data here, never markup or
 * header text: the subject is cleaned again by the MIME builder (worker/leads/mail-mime.ts).
 */
export interface LeadMailVehicle {
  id: number;
  title: string;
  price: number;
  url: string | null;
}

export interface LeadMailInput {
  lead: LeadRecord;
  vehicle: LeadMailVehicle | null;
  centerName: string | null;
  photos: PhotoLink[];
}

export interface LeadMailText {
  subject: string;
  text: string;
  html: string;
}

type Row = [label: string, value: string, href?: string];
interface Section {
  title: string;
  rows: Row[];
}

// Visitor keys never index these: Map lookups only (STYLE.md).
const FIELD_LABELS = new Map<string, string>([
  ["salutation", "Anrede"],
  ["firstName", "Vorname"],
  ["lastName", "Nachname"],
  ["email", "E-Mail"],
  ["phone", "Telefon"],
  ["contactPreference", "Kontaktwunsch"],
  ["brand", "Marke"],
  ["model", "Modell"],
  ["location", "Standort"],
  ["preferredDate1", "Wunschtermin"],
  ["preferredDate2", "Alternativtermin 1"],
  ["preferredDate3", "Alternativtermin 2"],
  ["timeOfDay", "Tageszeit"],
  ["interests", "Interesse an"],
  ["topic", "Thema"],
  ["licensePlate", "Kennzeichen"],
  ["firstRegistration", "Erstzulassung"],
  ["mileage", "Kilometerstand"],
  ["make", "Marke"],
  ["services", "Leistungen"],
  ["mobility", "Mobilität"],
  ["formId", "Formular"],
  ["pageSlug", "Seite"],
]);
const VALUE_LABELS = new Map<string, Map<string, string>>([
  ["salutation", new Map(Object.entries(SALUTATION_LABELS))],
  ["contactPreference", new Map(Object.entries(CONTACT_PREFERENCE_LABELS))],
  ["timeOfDay", new Map(Object.entries(TIME_OF_DAY_LABELS))],
  ["interests", new Map(Object.entries(INTEREST_TOPIC_LABELS))],
  ["topic", new Map(Object.entries(CONTACT_TOPIC_LABELS))],
  ["services", new Map(Object.entries(WORKSHOP_SERVICE_LABELS))],
  ["mobility", new Map(Object.entries(MOBILITY_LABELS))],
]);
const CONTACT = ["salutation", "firstName", "lastName", "email", "phone", "contactPreference"];
const CONSENTS = new Map([
  ["privacyAccepted", "Einwilligung in die Verarbeitung der Angaben"],
  ["drivingLicence", "Gültiger Führerschein bestätigt"],
]);
/** Shown elsewhere (the vehicle section, the message block) or not for people (the form block's id). */
const NOT_LISTED = new Set(["vehicleId", "message", "fields", "blockUid", "privacyAccepted", "drivingLicence"]);

/** One line: control characters and line separators of a single-line value become a space. */
const flat = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ");

const DATE = new Intl.DateTimeFormat("de-DE", { weekday: "short", day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
const RECEIVED = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });

function valueText(key: string, value: unknown, payload: Record<string, unknown>): string {
  const labels = VALUE_LABELS.get(key);
  if (Array.isArray(value)) return value.map((item) => valueText(key, item, payload)).join(", ");
  if (typeof value === "boolean") return value ? "ja" : "nein";
  if (typeof value === "number") return key === "mileage" ? formatKm(value) : String(value);
  if (typeof value !== "string") return JSON.stringify(value) ?? "";
  if (labels) return labels.get(value) ?? value;
  if (/^preferredDate\d$/.test(key) && /^\d{4}-\d{2}-\d{2}$/.test(value)) return DATE.format(new Date(`${value}T12:00:00Z`));
  if (key === "firstRegistration" && /^\d{4}-\d{2}$/.test(value)) return formatMonth(value);
  if (key === "brand" && isBrand(value)) return BRAND_NAMES[value];
  if (key === "model" && isBrand(payload.brand)) return findModelLine(payload.brand, value) ?? value;
  return value;
}

/** What the lead is about, for the subject: the vehicle, the model line, the visitor's car or the topic. */
function topicOf(input: LeadMailInput): string {
  const { payload } = input.lead;
  if (input.vehicle) return input.vehicle.title;
  if (isBrand(payload.brand) && typeof payload.model === "string")
    return `${BRAND_NAMES[payload.brand]} ${findModelLine(payload.brand, payload.model) ?? payload.model}`;
  if (typeof payload.make === "string") return [payload.make, payload.model].filter((part) => typeof part === "string").join(" ");
  if (typeof payload.topic === "string") return valueText("topic", payload.topic, payload);
  return "";
}

export function leadMailSubject(input: LeadMailInput): string {
  const topic = topicOf(input);
  return flat(`Neue Anfrage: ${kindLabel(input.lead.kind)}${topic ? ` – ${topic}` : ""} (Ref. ${input.lead.reference})`);
}

function sections(input: LeadMailInput): Section[] {
  const { lead, vehicle } = input;
  const payload = lead.payload;
  const present = (key: string) =>
    Object.hasOwn(payload, key) && payload[key] !== undefined && payload[key] !== null && payload[key] !== "";
  const row = (key: string): Row => [FIELD_LABELS.get(key) ?? key, valueText(key, payload[key], payload)];
  const result: Section[] = [
    {
      title: "Anfrage",
      rows: [
        ["Art", kindLabel(lead.kind)],
        ["Vorgangsnummer", lead.reference],
        ["Eingegangen", `${RECEIVED.format(new Date(lead.created_at))} Uhr`],
        ...(input.centerName ? [["Standort", input.centerName] as Row] : []),
      ],
    },
  ];
  if (vehicle) {
    result.push({
      title: "Fahrzeug",
      rows: [
        ["Fahrzeug", vehicle.title],
        ["Fahrzeug-Nr.", String(vehicle.id)],
        ["Preis", formatEuro(vehicle.price)],
        ...(vehicle.url ? [["Fahrzeugseite", vehicle.url, vehicle.url] as Row] : []),
      ],
    });
  } else if (typeof payload.vehicleId === "number") {
    result.push({ title: "Fahrzeug", rows: [["Fahrzeug-Nr.", `${payload.vehicleId} (nicht mehr im Bestand)`]] });
  }
  result.push({ title: "Kontakt", rows: CONTACT.filter(present).map(row) });
  const other = Object.keys(payload).filter((key) => !CONTACT.includes(key) && !NOT_LISTED.has(key) && present(key) && key !== "location");
  const formFields = payload.fields;
  const formRows: Row[] =
    typeof formFields === "object" && formFields !== null && !Array.isArray(formFields)
      ? Object.entries(formFields).map(([name, value]) => [name, valueText(name, value, {})])
      : [];
  if (other.length > 0 || formRows.length > 0) result.push({ title: "Angaben", rows: [...other.map(row), ...formRows] });
  const consents: Row[] = [...CONSENTS]
    .filter(([key]) => present(key))
    .map(([key, label]) => [label, valueText(key, payload[key], payload)]);
  if (consents.length > 0) result.push({ title: "Einwilligungen", rows: consents });
  if (input.photos.length > 0)
    result.push({
      title: "Fotos (Links 7 Tage gültig)",
      rows: input.photos.map((photo) => [`Foto ${photo.position}`, photo.url ?? "gespeichert, Link nicht konfiguriert", photo.url]),
    });
  if (lead.page_url) result.push({ title: "Gesendet von", rows: [["Seite", lead.page_url, lead.page_url]] });
  return result;
}

function messageOf(lead: LeadRecord): string | null {
  const message = lead.payload.message;
  return typeof message === "string" && message.trim() !== "" ? message : null;
}

export function leadMailText(input: LeadMailInput): string {
  const lines = [`Neue Anfrage über die Website: ${kindLabel(input.lead.kind)}`, ""];
  const message = messageOf(input.lead);
  for (const section of sections(input)) {
    lines.push(section.title, ...section.rows.map(([label, value]) => `  ${flat(label)}: ${flat(value)}`), "");
    // The visitor's own words follow the contact, quoted, so no line of theirs looks like one of ours.
    if (section.title === "Kontakt" && message) lines.push("Nachricht", ...message.split(/\r\n|\r|\n/).map((line) => `> ${line}`), "");
  }
  lines.push("Bitte antworten Sie dem Interessenten direkt; diese E-Mail wurde automatisch von der Website gesendet.");
  return lines.join("\n");
}

const ESCAPES = new Map([
  ["&", "&amp;"],
  ["<", "&lt;"],
  [">", "&gt;"],
  ['"', "&quot;"],
  ["'", "&#39;"],
]);
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ESCAPES.get(char) ?? char);
const isWebUrl = (value: string) => /^https?:\/\//.test(value);

export function leadMailHtml(input: LeadMailInput): string {
  const message = messageOf(input.lead);
  const parts = [
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(leadMailSubject(input))}</title></head>`,
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.4;color:#1a1a1a">`,
    `<h1 style="font-size:20px">Neue Anfrage über die Website: ${escapeHtml(kindLabel(input.lead.kind))}</h1>`,
  ];
  for (const section of sections(input)) {
    parts.push(`<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(section.title)}</h2><table role="presentation" cellpadding="4">`);
    for (const [label, value, href] of section.rows) {
      const text = escapeHtml(flat(value));
      const cell = href && isWebUrl(href) ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
      parts.push(
        `<tr><th scope="row" align="left" style="font-weight:normal;color:#555">${escapeHtml(flat(label))}</th><td>${cell}</td></tr>`,
      );
    }
    parts.push("</table>");
    if (section.title === "Kontakt" && message)
      parts.push(
        `<h2 style="font-size:16px;margin:20px 0 6px">Nachricht</h2><p style="white-space:pre-wrap;border-left:3px solid #ccc;padding-left:10px">${escapeHtml(message)}</p>`,
      );
  }
  parts.push("<p>Bitte antworten Sie dem Interessenten direkt; diese E-Mail wurde automatisch von der Website gesendet.</p></body></html>");
  return parts.join("\n");
}

export function leadMail(input: LeadMailInput): LeadMailText {
  return { subject: leadMailSubject(input), text: leadMailText(input), html: leadMailHtml(input) };
}

/**
 * The visitor's confirmation (LEAD_MAIL_CONFIRMATION=on): the kind, our vehicle or model line and the
 * reference. Nothing the visitor typed goes into it, so the form cannot mail their text to a stranger.
 */
export function confirmationMail(input: LeadMailInput): { subject: string; text: string } {
  const { payload } = input.lead;
  const topic =
    input.vehicle?.title ??
    (isBrand(payload.brand) && typeof payload.model === "string"
      ? `${BRAND_NAMES[payload.brand]} ${findModelLine(payload.brand, payload.model) ?? ""}`.trim()
      : "");
  const text = [
    "Guten Tag,",
    "",
    `vielen Dank für Ihre Anfrage (${kindLabel(input.lead.kind)}${topic ? `: ${topic}` : ""}). Sie ist bei uns eingegangen${input.centerName ? ` und an ${input.centerName} weitergeleitet` : ""}.`,
    "Wir melden uns so schnell wie möglich bei Ihnen.",
    "",
    `Ihre Vorgangsnummer: ${input.lead.reference}`,
    "",
    "Diese E-Mail wurde automatisch gesendet. Bitte antworten Sie nicht darauf.",
  ].join("\n");
  return { subject: `Ihre Anfrage ist eingegangen (Vorgangsnummer ${input.lead.reference})`, text };
}
