import { CONSENT_PURPOSES, PURPOSE_LABELS, type ConsentPurpose } from "./consent.ts";

/**
 * What each consent purpose loads and from whom (the details layer and /cookie-einstellungen),
 * and which origins the page may frame once it is granted (the Content-Security-Policy's
 * frame-src, worker/middleware/security-headers.ts). Not on the first load: only the details
 * layer, the settings page and the worker import it.
 *
 * Adding a provider is a reviewed change: name it here (visitors must learn who receives their
 * data, DSGVO Art. 13) and list its frame origin; content/blocks/embed-sources.ts maps the
 * embeddable hosts to these purposes, and a test checks that both agree.
 */
export interface PurposeDetails {
  label: string;
  /** What happens when the purpose is granted, in German. */
  description: string;
  /** Who receives data, in German. */
  providers: string;
  /** Origins a page may frame once the purpose is granted. */
  frameOrigins: readonly string[];
}

export const PURPOSE_DETAILS: Readonly<Record<ConsentPurpose, PurposeDetails>> = {
  statistics: {
    label: PURPOSE_LABELS.statistics,
    description:
      "Wir erfassen, welche Seiten, Fahrzeuge und Suchfilter genutzt werden, und werten das statistisch aus, um die Website zu verbessern. Dazu lädt ein Tag-Manager unsere Statistik-Dienste; technische Fehler der Seite werden mit einem Sitzungsprotokoll (ohne Ihre Eingaben) gemeldet.",
    providers: "Autohaus Gruppe Nord; unsere Dienstleister für Tag-Management, Statistik und Fehlerberichte (in unserem Auftrag)",
    frameOrigins: [],
  },
  maps: {
    label: PURPOSE_LABELS.maps,
    description:
      "Zeigt Karten und Anfahrtswege direkt auf unseren Seiten. Beim Laden einer Karte werden Ihre IP-Adresse und technische Daten Ihres Geräts an den Kartenanbieter übertragen.",
    providers: "Google Maps (Google Ireland Limited, Irland), OpenStreetMap (OpenStreetMap Foundation, Vereinigtes Königreich)",
    frameOrigins: ["https://www.google.com", "https://www.openstreetmap.org"],
  },
  chat: {
    label: PURPOSE_LABELS.chat,
    description:
      "Öffnet den Chat, in dem Sie uns direkt schreiben können. Dabei werden Ihre Nachrichten, Ihre IP-Adresse und technische Daten Ihres Geräts an unseren Chat-Dienstleister übertragen.",
    providers: "unser Chat-Dienstleister (in unserem Auftrag)",
    frameOrigins: [],
  },
  booking: {
    label: PURPOSE_LABELS.booking,
    description:
      "Lädt das Buchungsfenster für Probefahrten und Werkstatttermine. Dabei werden Ihre Eingaben, Ihre IP-Adresse und technische Daten Ihres Geräts an unseren Terminbuchungs-Dienstleister übertragen.",
    providers: "unser Terminbuchungs-Dienstleister (in unserem Auftrag)",
    frameOrigins: [],
  },
  video: {
    label: PURPOSE_LABELS.video,
    description:
      "Spielt Videos direkt auf unseren Seiten ab. Beim Laden eines Videos werden Ihre IP-Adresse und technische Daten Ihres Geräts an den Videoanbieter übertragen; YouTube binden wir im erweiterten Datenschutzmodus ein.",
    providers: "YouTube (Google Ireland Limited, Irland), Vimeo (Vimeo.com, Inc., USA)",
    frameOrigins: ["https://www.youtube-nocookie.com", "https://player.vimeo.com"],
  },
};

/** The frame origins of the granted purposes, in CONSENT_PURPOSES order, without repeats. */
export function frameOriginsFor(granted: readonly ConsentPurpose[]): string[] {
  return [
    ...new Set(CONSENT_PURPOSES.filter((purpose) => granted.includes(purpose)).flatMap((purpose) => PURPOSE_DETAILS[purpose].frameOrigins)),
  ];
}

/** Extra Content-Security-Policy sources of the granted purposes, per directive. */
export interface ConsentCspSources {
  script: string[];
  style: string[];
  connect: string[];
  frame: string[];
}

/**
 * The table's frame origins plus the origins of the configured script-based services (the
 * booking widget for "booking", the autochat for "chat"; worker/env.ts derives them
 * from the script URLs, a same-origin stand-in has none). A granted service may load its script
 * and styles, call its API and frame its pages; nothing is added for a purpose not granted.
 * script-src keeps 'strict-dynamic', so CSP3 browsers trust the inserted script through our
 * nonce'd code and the origin serves older browsers only.
 *
 * @example
 * cspSourcesFor(["chat"], new Map([["chat", ["https://chat.example"]]])).connect // → ["https://chat.example"]
 */
export function cspSourcesFor(
  granted: readonly ConsentPurpose[],
  serviceOrigins: ReadonlyMap<ConsentPurpose, readonly string[]> = new Map(),
): ConsentCspSources {
  const services = [
    ...new Set(CONSENT_PURPOSES.filter((purpose) => granted.includes(purpose)).flatMap((purpose) => serviceOrigins.get(purpose) ?? [])),
  ];
  return { script: services, style: services, connect: services, frame: [...new Set([...frameOriginsFor(granted), ...services])] };
}
