/**
 * Embedded demo content used until the Storyblok adapter lands (issue 4): one German page
 * for every path the spec implies through redirect targets, so no legacy redirect ends on
 * a 404. Keys are lower-case full slugs, as Storyblok stores them.
 */
interface DemoPage {
  title: string;
  description: string;
  body: string[];
}

const page = (title: string, description: string, ...body: string[]): DemoPage => ({ title, description, body });

const SERVICE_OFFERS: Record<string, string> = {
  pkw: "Service-Angebote für Pkw",
  "transporter-vans": "Service-Angebote für Transporter und Vans",
  hauptuntersuchung: "Hauptuntersuchung",
  "klimaanlagen-pakete": "Klimaanlagen-Pakete",
  "easy-check-in": "Easy Check-in",
  spardepot: "Spardepot",
  scheibenreparatur: "Scheibenreparatur",
  "visible-workshop": "Gläserne Werkstatt",
  "mercedes-benz-app": "Mercedes-Benz App",
};

export const DEMO_PAGES: Record<string, DemoPage> = {
  pkw: page("Pkw", "Neu- und Gebrauchtwagen aller Marken.", "Von der kompakten A-Klasse bis zum luxuriösen Mercedes-Maybach: Entdecken Sie unsere Pkw-Vielfalt."),
  transporter: page("Transporter", "Transporter und Vans für jedes Gewerbe.", "Sprinter, Vito, Citan und Iveco Daily – sofort verfügbar oder individuell konfiguriert."),
  minibusse: page("Minibusse", "Minibusse für Personenbeförderung.", "Vom Schulbus bis zum Shuttle: Minibusse auf Sprinter-Basis."),
  flottensterne: page("Flottensterne", "Angebote für Flottenkunden.", "Attraktive Konditionen für Unternehmen mit Fuhrpark."),
  "flottensterne-transporter-vans": page("Flottensterne Transporter & Vans", "Flottenangebote für Transporter.", "Transporter und Vans zu Flottenkonditionen."),
  "junge-sterne": page("Junge Sterne", "Geprüfte Mercedes-Benz Gebrauchtwagen.", "Junge Sterne: 24 Monate Garantie und 12 Monate Mobilitätsgarantie."),
  produktexperten: page("Produktexperten", "Beratung durch unsere Produktexperten.", "Unsere Produktexperten zeigen Ihnen jedes Detail Ihres Wunschfahrzeugs."),
  taxi: page("Taxi", "Taxifahrzeuge ab Werk.", "E-Klasse und V-Klasse in Taxi-Ausführung."),
  "eingeschraenkte-mobilitaet": page("Eingeschränkte Mobilität", "Fahrzeuge mit Umbauten.", "Wir beraten Sie zu Fahrhilfen und rollstuhlgerechten Umbauten."),
  "behoerden-und-sonderfahrzeuge": page("Behörden- und Sonderfahrzeuge", "Fahrzeuge für Behörden.", "Einsatzfahrzeuge und Sonderaufbauten nach Ihren Anforderungen."),
  "mercedes-benz/vans": page("Mercedes-Benz Vans", "Vans von Mercedes-Benz.", "Citan, Vito, V-Klasse und Sprinter im Überblick."),
  "mercedes-benz/model-groups/maybach": page("Mercedes-Maybach", "Die Mercedes-Maybach Modelle.", "Vollendeter Luxus: Mercedes-Maybach S-Klasse und EQS SUV."),
  amg: page("Mercedes-AMG", "Performance von Mercedes-AMG.", "Driving Performance: die AMG Modelle bei uns im Bestand."),
  marken: page("Marken", "Unsere sechs Marken.", "Mercedes-Benz, Aston Martin, Hyundai, smart, Hymer und Iveco."),
  hymer: page("Hymer", "Hymer Reisemobile.", "Reisemobile und Caravans von Hymer."),
  "unsere-reisemobile": page("Unsere Reisemobile", "Reisemobile kaufen und mieten.", "Entdecken Sie Reisemobile von Hymer auf Mercedes-Benz Basis."),
  "reisemobile/mercedes-benz": page("Reisemobile auf Mercedes-Benz Basis", "Reisemobile auf Sprinter-Basis.", "Komfortabel reisen auf Basis des Mercedes-Benz Sprinter."),
  fahrzeugmiete: page("Fahrzeugmiete", "Fahrzeuge mieten.", "Pkw, Transporter und Reisemobile flexibel mieten."),
  aktionsangebote: page("Aktionsangebote", "Aktuelle Aktionsangebote.", "Unsere aktuellen Angebote für Pkw, Transporter und Vans."),
  "aktionsangebote/pkw/be-special": page("Be Special", "Sondermodelle für Pkw.", "Sonderausstattungen zum Aktionspreis."),
  "aktionsangebote/transporter/elektro-bonus": page("Elektro-Bonus", "Elektro-Transporter mit Bonus.", "Sichern Sie sich den Elektro-Bonus für eVito und eSprinter."),
  "aktionsangebote/vans/v-klasse-special-edition-style-und-avantgarde": page(
    "V-Klasse Special Edition Style und Avantgarde",
    "Sondermodelle der V-Klasse.",
    "Die V-Klasse als Special Edition in den Linien Style und Avantgarde.",
  ),
  probefahrt: page("Probefahrt", "Probefahrt vereinbaren.", "Vereinbaren Sie eine Probefahrt mit Ihrem Wunschfahrzeug."),
  inzahlungnahme: page("Inzahlungnahme", "Ihr Fahrzeug in Zahlung geben.", "Wir bewerten Ihr Fahrzeug fair und rechnen es auf Ihr neues an."),
  ankauf: page("Ankauf", "Wir kaufen Ihr Fahrzeug.", "Verkaufen Sie Ihr Fahrzeug schnell und sicher an uns."),
  karriere: page("Karriere", "Arbeiten bei der Autohaus Gruppe Nord.", "Starten Sie Ihre Karriere in Verkauf, Werkstatt oder Verwaltung."),
  "karriere/ausbildung": page("Ausbildung", "Ausbildung im Autohaus.", "Kfz-Mechatroniker, Automobilkaufleute und mehr."),
  "karriere/festanstellung": page("Festanstellung", "Offene Stellen.", "Unsere aktuellen Stellenangebote in Festanstellung."),
  ansprechpartner: page("Ansprechpartner", "Ihre Ansprechpartner.", "Finden Sie Ihren Ansprechpartner nach Standort und Abteilung."),
  werkstatt: page("Werkstatt", "Werkstatt und Service.", "Wartung, Reparatur und Hauptuntersuchung für alle unsere Marken."),
  "werkstatt/online-werkstatttermin": page("Online-Werkstatttermin", "Werkstatttermin online buchen.", "Buchen Sie Ihren Werkstatttermin bequem online."),
  "werkstatt/schadensmanagement": page("Schadensmanagement", "Unfallschaden? Wir helfen.", "Wir kümmern uns um die Abwicklung mit der Versicherung."),
  "werkstatt/teile-zubehoer": page("Teile & Zubehör", "Original-Teile und Zubehör.", "Original-Teile und Zubehör für Ihr Fahrzeug."),
  "werkstatt/teile-zubehoer-aussendienst": page("Teile-Außendienst", "Teile-Außendienst für Betriebe.", "Unser Außendienst betreut freie Werkstätten und Flotten."),
  "werkstatt/konstant-guenstig": page("Konstant günstig", "Servicepreise für ältere Fahrzeuge.", "Feste Preise für Fahrzeuge ab vier Jahren."),
  "werkstatt/service-angebote-mercedes-benz": page("Service-Angebote Mercedes-Benz", "Service-Angebote.", "Alle Service-Angebote für Ihren Mercedes-Benz."),
  ...Object.fromEntries(
    Object.entries(SERVICE_OFFERS).map(([slug, title]) => [
      `werkstatt/service-angebote-mercedes-benz/${slug}`,
      page(title, `${title} für Ihren Mercedes-Benz.`, `${title}: Sprechen Sie unser Serviceteam an.`),
    ]),
  ),
  "uber-uns/das-sind-wir": page("Das sind wir", "Die Autohaus Gruppe Nord.", "Seit drei Generationen Ihr Partner für Mobilität im Norden."),
  "uber-uns/unternehmensentwicklung": page("Unternehmensentwicklung", "Unsere Geschichte.", "Vom Familienbetrieb zur Gruppe mit zahlreichen Standorten."),
  "uber-uns/journal": page("Journal", "Neuigkeiten aus der Gruppe.", "Berichte und Neuigkeiten aus unseren Häusern."),
  "ueber-uns": page("Über uns", "Über die Autohaus Gruppe Nord.", "Lernen Sie uns kennen: Standorte, Menschen und Werte."),
  impressum: page(
    "Impressum",
    "Angaben gemäß § 5 DDG.",
    "Autohaus Gruppe Nord GmbH, Rothenbaumchaussee 1, 20148 Hamburg.",
    "Vertreten durch die Geschäftsführung. Registergericht: Amtsgericht Hamburg. Demo-Daten: Diese Angaben sind Beispielinhalte.",
  ),
  datenschutz: page(
    "Datenschutz",
    "Datenschutzerklärung.",
    "Wir verarbeiten personenbezogene Daten nur im Rahmen der DSGVO.",
    "Demo-Daten: Die vollständige Datenschutzerklärung wird von der Redaktion gepflegt.",
  ),
  pressekontakt: page("Pressekontakt", "Kontakt für Medienvertreter.", "Presseanfragen richten Sie bitte an unsere Unternehmenskommunikation."),
  lieferkettensorgfaltspflicht: page("Lieferkettensorgfaltspflicht", "Angaben nach LkSG.", "Unsere Grundsatzerklärung zur Achtung der Menschenrechte in der Lieferkette."),
  "aston-martin": page("Aston Martin", "Aston Martin bei uns.", "DB12, Vantage und DBX707 erleben."),
  smart: page("smart", "smart bei uns.", "smart #1, #3 und #5 – vollelektrisch."),
  hyundai: page("Hyundai", "Hyundai bei uns.", "Von i10 bis IONIQ 6: Hyundai im Norden."),
};
