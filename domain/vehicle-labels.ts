import type { Vehicle } from "./vehicle.ts";
import type { AcquisitionType, BodyStyle, Condition, Fuel, InteriorMaterial } from "./vehicle-vocabulary.ts";
import type { Sorting } from "./vehicle-search-query.ts";

/** German labels for the vehicle vocabulary (what visitors read; see docs/glossary.md). */
export const BODY_STYLE_LABELS: Record<BodyStyle, string> = {
  electric: "Elektro",
  hybrid: "Hybrid",
  compact: "Kleinwagen",
  high_entry: "Hoher Einstieg",
  family: "Familienauto",
  company_car: "Firmenwagen",
  hatchback: "Kompaktklasse",
  coupe: "Coupé",
  convertible: "Cabrio/Roadster",
  saloon: "Limousine",
  estate: "Kombi",
  suv: "SUV/Geländewagen",
  mpv: "Van/Minibus",
  containertransport: "Wechselbrücke",
  chassiscab: "Fahrgestell",
  panelvan: "Kastenwagen",
  deliveryvan: "Mixto/Lieferwagen",
  tipper: "Kipper",
  boxbody: "Koffer",
  frigo: "Kühlkoffer",
  openbody: "Pritsche",
  passengertransport: "Personenbeförderung",
  tarpaulin: "Plane und Spriegel",
  standardtractor: "Sattelzugmaschine",
  campervan: "Campervan",
  semi_integrated: "Teilintegriert",
  integrated: "Vollintegriert",
  alcove: "Alkoven",
};

export const FUEL_LABELS: Record<Fuel, string> = {
  petrol: "Benzin",
  diesel: "Diesel",
  electric: "Elektro",
  hybrid: "Hybrid",
  "hybrid-diesel": "Hybrid (Diesel)",
  "hybrid-petrol": "Hybrid (Benzin)",
  mildhybrid: "Mild-Hybrid",
  pluginhybrid: "Plug-in-Hybrid",
};

export const CONDITION_LABELS: Record<Condition, string> = {
  new: "Neuwagen",
  day_registration: "Tageszulassung",
  demonstrator: "Vorführwagen",
  used: "Gebrauchtwagen",
};

export const INTERIOR_MATERIAL_LABELS: Record<InteriorMaterial, string> = {
  fabric: "Stoff",
  leather: "Leder",
  partial_leather: "Teilleder",
  artificial_leather: "Kunstleder",
  alcantara: "Alcantara",
};

export const TRANSMISSION_LABELS = { manual: "Schaltgetriebe", automatic: "Automatik" } as const;
export const DRIVE_LABELS = { front: "Frontantrieb", rear: "Heckantrieb", four: "Allradantrieb" } as const;
export const CATEGORY_LABELS = { passenger: "Pkw", van: "Transporter & Reisemobile", truck: "Lkw" } as const;
export const COLOR_LABELS = {
  white: "Weiß",
  black: "Schwarz",
  grey: "Grau",
  silver: "Silber",
  blue: "Blau",
  red: "Rot",
  green: "Grün",
  beige: "Beige",
} as const;

export const PRICE_TYPE_LABELS: Record<AcquisitionType, string> = {
  purchase: "Kaufpreis",
  private_finance: "Finanzierung (privat)",
  business_finance: "Finanzierung (gewerblich)",
  private_lease: "Leasing (privat)",
  business_lease: "Leasing (gewerblich)",
};

export const SORTING_LABELS: Record<Sorting, string> = {
  "year-desc": "Baujahr: neueste zuerst",
  "year-asc": "Baujahr: älteste zuerst",
  "price-asc": "Preis: aufsteigend",
  "price-desc": "Preis: absteigend",
  "mileage-asc": "Kilometerstand: aufsteigend",
  "mileage-desc": "Kilometerstand: absteigend",
};

/** kW from PS, as German listings show both ("150 kW (204 PS)"). */
export function formatPower(hp: number): string {
  return `${Math.round(hp * 0.7355)} kW (${hp} PS)`;
}

/** The Pkw-EnVKV applies to new cars; day registrations and demonstrators show the same facts. */
export function needsEnergyLabel(vehicle: Pick<Vehicle, "category" | "condition">): boolean {
  return vehicle.category === "passenger" && vehicle.condition !== "used";
}
