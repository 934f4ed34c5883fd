import type { ErrorKind } from "./error-catalogue.ts";
import { carfinderPath } from "./site-paths.ts";

/**
 * The German copy of every error page kind (spec section 8). A module apart from the kinds: the
 * browser loads it only when it shows an error page (ui/error-panel-slot.tsx), so it is not part of
 * every page's first load.
 */
export interface ErrorCopy {
  title: string;
  description?: string;
  action: { label: string; href: string };
}

const HOME = { label: "Zur Startseite", href: "/" };
const STOCK = { label: "Zur Fahrzeugübersicht", href: carfinderPath() };

export const ERROR_COPY: Record<ErrorKind, ErrorCopy> = {
  "something-went-wrong": { title: "Ups, etwas ist schief gelaufen", action: HOME },
  "temporarily-unavailable": {
    title: "Diese Seite ist gerade nicht erreichbar",
    description: "Wir arbeiten daran. Bitte versuchen Sie es in wenigen Minuten erneut – unsere Fahrzeugsuche ist weiter für Sie da.",
    action: STOCK,
  },
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
