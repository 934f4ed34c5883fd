
/** Error page kinds and their German copy (spec section 8, error catalogue). */
export const ERROR_KINDS = [
  "something-went-wrong",
  "page-not-found",
  "vehicle-not-found",
  "location-not-found",
  "vehicle-form-not-found",
  "brand-not-found",
  "news-article-not-found",
  "lease-vehicle-not-found",
  "broken-link",
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface ErrorCopy {
  title: string;
  description?: string;
  action: { label: string; href: string };
}

const HOME = { label: "Zur Startseite", href: "/" };
const STOCK = { label: "Zur Fahrzeugübersicht", href: "/carfinder" };

export const ERROR_COPY: Record<ErrorKind, ErrorCopy> = {
  "something-went-wrong": { title: "Ups, etwas ist schief gelaufen", action: HOME },
  "page-not-found": {
    title: "Hoppla, diese Seite existiert nicht",
    description: "Die aufgerufene Adresse gibt es nicht (mehr). Vielleicht hilft Ihnen unsere Startseite weiter.",
    action: HOME,
  },
  "vehicle-not-found": {
    title: "Hoppla, dieses Fahrzeug existiert nicht.",
    description: "Das Fahrzeug ist nicht mehr verfügbar oder wurde bereits verkauft. In unserem Bestand finden Sie viele weitere Angebote.",
    action: STOCK,
  },
  "location-not-found": {
    title: "Die Einrichtung wurde nicht gefunden",
    description: "Diesen Standort gibt es nicht (mehr).",
    action: { label: "Zur Startseite", href: "/" },
  },
  "vehicle-form-not-found": {
    title: "Hoppla, dieses Fahrzeug existiert nicht.",
    description: "Für dieses Fahrzeug kann keine Anfrage mehr gestellt werden.",
    action: STOCK,
  },
  "brand-not-found": {
    title: "Laden der Herstellerinformationen zur Marke ist fehlgeschlagen.",
    action: HOME,
  },
  "news-article-not-found": {
    title: "Hoppla, dieser Artikel existiert nicht",
    description: "Der Beitrag wurde verschoben oder gelöscht.",
    action: HOME,
  },
  "lease-vehicle-not-found": {
    title: "Hoppla, dieses Leasingangebot existiert nicht",
    description: "Das Angebot ist abgelaufen oder nicht mehr verfügbar.",
    action: STOCK,
  },
  "broken-link": {
    title: "Hoppla, dieser Link funktioniert nicht",
    description: "Der Link ist fehlerhaft. Bitte prüfen Sie die Adresse.",
    action: HOME,
  },
};

/** Body of an expected error thrown by loaders as `data(payload, { status })`. */
export interface ExpectedError {
  kind: ErrorKind;
  message: string;
}

/**
 * Type guard for the error boundary. A hand-written check, not zod: the boundary is on every
 * page's first load and the payload comes from our own loaders, never from outside (ADR 0006).
 */
export function isExpectedError(value: unknown): value is ExpectedError {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.message === "string" && (ERROR_KINDS as readonly unknown[]).includes(candidate.kind);
}
