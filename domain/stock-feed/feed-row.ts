import { BRAND_NAMES, type BrandKey } from "../brands.ts";
import { co2ClassFor } from "../co2-class.ts";
import { isOneOf } from "../is-one-of.ts";
import { slugify } from "../slug.ts";
import { OfferSchema, VehicleSchema, type Offer, type Vehicle } from "../vehicle.ts";
import { PASSENGER_BODY_STYLES, CAMPER_BODY_STYLES, DELIVERY_PACKAGE_KINDS, type BodyStyle } from "../vehicle-vocabulary.ts";
import { UPLOADED_PICTURE_NAME, UPLOADED_PICTURE_PREFIX } from "../vehicle-image-path.ts";
import {
  BODY_STYLE_WORDS,
  BRAND_WORDS,
  CATEGORY_WORDS,
  CO2_CLASS_WORDS,
  COLOR_FAMILY_WORDS,
  colorFamilyOfName,
  CONDITION_WORDS,
  DRIVE_WORDS,
  EMISSION_CLASS_WORDS,
  EQUIPMENT_WORDS,
  feedWord,
  FUEL_WORDS,
  INTERIOR_MATERIAL_WORDS,
  modelLineOf,
  TRANSMISSION_WORDS,
} from "./feed-vocabulary.ts";

/**
 * One row of a stock feed (the DMS JSON or CSV format of docs/stock-import.md, or what a source
 * adapter made of its own format) → the site's Vehicle, without its id (the import gives it).
 * Nothing is guessed: a value the site needs and cannot read rejects the row with the field and
 * the reason; a value the site can do without (an equipment word, a colour family) is reported as
 * unmapped and left out. Every message is for the stock manager, in German.
 */

/** A vehicle of a feed, ready to be planned and written. */
export interface FeedVehicle {
  /** 1-based row (CSV: the line after the header) or position in the JSON list. */
  row: number;
  /** The vehicle's key at its source, e.g. "A-4711". */
  key: string;
  vehicle: Omit<Vehicle, "id">;
  /** The carfinder's colour family ("other" when the feed's colour fits none). */
  colorKey: string;
  /**
   * The site id the vehicle asks for when new (domain/stock-import-plan.ts); feeds never carry
   * one, only the demo source does (kv-seed/demo-feed.ts).
   */
  id?: number;
}

export interface FeedIssue {
  row: number;
  key?: string;
  field: string;
  value?: string;
  message: string;
}

export interface FeedRows {
  vehicles: FeedVehicle[];
  /** Why rows were refused (one or more issues per refused row). */
  rejected: FeedIssue[];
  /** Values the import could not map; the vehicle was imported without them, or refused (then also in `rejected`). */
  unmapped: FeedIssue[];
}

export interface FeedRowOptions {
  /** Our center slugs: a row names the center that sells the vehicle. */
  centers: ReadonlySet<string>;
  /** YYYY-MM of today (Europe/Berlin): first registrations after it are refused. */
  thisMonth: string;
}

/** Keys at a source: what a DMS or mobile.de uses, never markup or whitespace. */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,79}$/;
const MAX_IMAGES = 50;
const MAX_URL_LENGTH = 2_048;
const MAX_FEATURES = 200;
// C0 controls except tab, DEL, C1 controls, and the Unicode line and paragraph separators: no text
// the site shows on one line needs them, and they break logs, CSV exports and JSON-LD.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;

const OFFER_TYPE_WORDS = new Map<string, Offer["type"]>(
  (
    [
      ["private_finance", ["private_finance", "Finanzierung", "Privatfinanzierung", "FINANCING"]],
      ["business_finance", ["business_finance", "Gewerbefinanzierung", "Finanzierung gewerblich"]],
      ["private_lease", ["private_lease", "Leasing", "Privatleasing", "LEASING"]],
      ["business_lease", ["business_lease", "Gewerbeleasing", "Leasing gewerblich"]],
    ] as const
  ).flatMap(([type, words]) => words.map((word): [string, Offer["type"]] => [feedWord(word), type])),
);

const DELIVERY_WORDS = new Map<string, (typeof DELIVERY_PACKAGE_KINDS)[number]>([
  ["pickup", "pickup"],
  ["abholung", "pickup"],
  ["registration", "registration"],
  ["zulassung", "registration"],
  ["homedelivery", "home_delivery"],
  ["lieferung", "home_delivery"],
  ["heimlieferung", "home_delivery"],
]);

class RowReader {
  readonly issues: FeedIssue[] = [];
  readonly unmapped: FeedIssue[] = [];
  readonly row: number;
  readonly record: Record<string, unknown>;
  readonly key: string | undefined;
  constructor(row: number, record: Record<string, unknown>, key: string | undefined) {
    this.row = row;
    this.record = record;
    this.key = key;
  }

  raw(field: string): unknown {
    let value: unknown = this.record;
    for (const part of field.split(".")) {
      if (value === null || typeof value !== "object" || !Object.hasOwn(value, part)) return undefined;
      value = (value as Record<string, unknown>)[part];
    }
    return value === "" || value === null ? undefined : value;
  }

  fail(field: string, message: string, value?: unknown): undefined {
    this.issues.push({ row: this.row, key: this.key, field, message, ...(value === undefined ? {} : { value: shown(value) }) });
    return undefined;
  }

  text(field: string, options: { required?: boolean; max: number }): string | undefined {
    const value = this.raw(field);
    if (value === undefined) return options.required ? this.fail(field, "fehlt") : undefined;
    if (typeof value !== "string" && typeof value !== "number") return this.fail(field, "ist kein Text", value);
    const text = String(value)
      .trim()
      .replace(/\s+/g, (space) => (space.includes("\t") ? " " : space));
    if (CONTROL.test(text)) return this.fail(field, "enthält Zeilenumbrüche oder Steuerzeichen", value);
    if (text.length > options.max) return this.fail(field, `ist länger als ${options.max} Zeichen`, value);
    if (text === "") return options.required ? this.fail(field, "fehlt") : undefined;
    return text;
  }

  /** Whole numbers: digits only in text ("45990"); "45.990" is refused, as it could be 45.99. */
  int(field: string, options: { required?: boolean; min: number; max: number }): number | undefined {
    const value = this.raw(field);
    if (value === undefined) return options.required ? this.fail(field, "fehlt") : undefined;
    const number =
      typeof value === "number" ? value : typeof value === "string" && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(number)) return this.fail(field, "ist keine ganze Zahl (ohne Punkt, Komma oder Einheit)", value);
    if (number < options.min || number > options.max)
      return this.fail(field, `liegt nicht zwischen ${options.min} und ${options.max}`, value);
    return number;
  }

  /** Decimals with a point or a German comma ("6,1"), no thousands separator. */
  decimal(field: string, options: { min: number; max: number }): number | undefined {
    const value = this.raw(field);
    if (value === undefined) return undefined;
    const number =
      typeof value === "number"
        ? value
        : typeof value === "string" && /^\s*\d{1,9}([.,]\d{1,4})?\s*$/.test(value)
          ? Number(value.trim().replace(",", "."))
          : Number.NaN;
    if (!Number.isFinite(number)) return this.fail(field, "ist keine Zahl", value);
    if (number < options.min || number > options.max)
      return this.fail(field, `liegt nicht zwischen ${options.min} und ${options.max}`, value);
    return number;
  }

  bool(field: string, options: { required?: boolean }): boolean | undefined {
    const value = this.raw(field);
    if (value === undefined) return options.required ? this.fail(field, "fehlt (ja oder nein)") : undefined;
    if (typeof value === "boolean") return value;
    const word = typeof value === "string" || typeof value === "number" ? feedWord(String(value)) : "";
    if (["ja", "yes", "true", "1", "x", "j"].includes(word)) return true;
    if (["nein", "no", "false", "0", "n"].includes(word)) return false;
    return this.fail(field, "ist weder ja noch nein", value);
  }

  /** A word of our vocabulary; an unknown word is reported as unmapped, and refuses the row when required. */
  word<Key extends string>(field: string, words: ReadonlyMap<string, Key>, options: { required?: boolean }): Key | undefined {
    const text = this.text(field, { required: options.required, max: 80 });
    if (text === undefined) return undefined;
    const key = words.get(feedWord(text));
    if (key !== undefined) return key;
    this.unmapped.push({ row: this.row, key: this.key, field, value: text, message: "unbekannter Wert" });
    return options.required ? this.fail(field, "unbekannter Wert", text) : undefined;
  }

  /** A list: a JSON array, or in CSV one cell with the items separated by "|". */
  list(field: string, max: number): string[] {
    const value = this.raw(field);
    if (value === undefined) return [];
    const items = Array.isArray(value) ? value : typeof value === "string" ? value.split("|") : null;
    if (items === null) {
      this.fail(field, "ist keine Liste", value);
      return [];
    }
    if (items.length > max) {
      this.fail(field, `hat mehr als ${max} Einträge`);
      return [];
    }
    const texts: string[] = [];
    for (const item of items) {
      if (typeof item !== "string" || CONTROL.test(item)) {
        this.fail(field, "enthält einen Eintrag, der kein einzeiliger Text ist", item);
        return [];
      }
      if (item.trim() !== "") texts.push(item.trim());
    }
    return texts;
  }
}

/** A refused value as the report shows it: at most 120 characters, control characters escaped (terminals, logs). */
function shown(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  const short = text.length > 120 ? `${text.slice(0, 117)}…` : text;
  return short.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The key of a row as a DMS writes it: text, or a whole number (JSON exports often use numbers). */
function keyOf(record: unknown): string | undefined {
  const raw = record !== null && typeof record === "object" && Object.hasOwn(record, "key") ? (record as { key: unknown }).key : undefined;
  const text =
    typeof raw === "string" ? raw.trim() : typeof raw === "number" && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : undefined;
  return text !== undefined && KEY_PATTERN.test(text) ? text : undefined;
}

/** Set on a CSV record whose line has more cells than the header names: its columns are shifted. */
export const EXTRA_CELLS = Symbol("extra cells");

/** "2023-05", "05/2023", "05.2023" → "2023-05". */
function monthOf(reader: RowReader, field: string, thisMonth: string): string | undefined {
  const text = reader.text(field, { max: 10 });
  if (text === undefined) return undefined;
  const match = /^(\d{4})-(\d{2})$/.exec(text) ?? /^(\d{2})[./](\d{4})$/.exec(text);
  if (!match) return reader.fail(field, "ist kein Monat (JJJJ-MM oder MM/JJJJ)", text);
  const [first = "", second = ""] = match.slice(1);
  const [year, month] = first.length === 4 ? [first, second] : [second, first];
  const value = `${year}-${month}`;
  if (Number(month) < 1 || Number(month) > 12 || Number(year) < 1990) return reader.fail(field, "ist kein gültiger Monat", text);
  if (value > thisMonth) return reader.fail(field, "liegt in der Zukunft", text);
  return value;
}

/**
 * An image: https from the listing service's or the DMS's picture server, a file the DMS uploaded
 * (its name alone, `4711-1.jpg`: kept as `upload:4711-1.jpg`), or a path of this site.
 */
function imageUrl(reader: RowReader, field: string, value: string): string | undefined {
  if (value.length > MAX_URL_LENGTH) return reader.fail(field, `Bildadresse länger als ${MAX_URL_LENGTH} Zeichen`, value);
  if (UPLOADED_PICTURE_NAME.test(value)) return `${UPLOADED_PICTURE_PREFIX}${value}`;
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return value;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" || url.username !== "" || url.password !== "") throw new Error("not https");
    return url.href;
  } catch {
    return reader.fail(field, "ist weder eine https-Adresse noch der Name einer hochgeladenen Bilddatei (.jpg, .png, .webp)", value);
  }
}

function titleOf(brand: BrandKey, variant: string): string {
  const brandName = BRAND_NAMES[brand];
  return variant.toLowerCase().startsWith(brandName.toLowerCase()) || /^Mercedes-/.test(variant) ? variant : `${brandName} ${variant}`;
}

function categoryOf(reader: RowReader, bodyStyle: BodyStyle | undefined): Vehicle["category"] | undefined {
  const stated = reader.word("category", CATEGORY_WORDS, {});
  if (stated !== undefined) return stated;
  if (bodyStyle === undefined) return undefined;
  if (isOneOf(PASSENGER_BODY_STYLES, bodyStyle)) return "passenger";
  if (isOneOf(CAMPER_BODY_STYLES, bodyStyle)) return "van";
  return reader.fail("category", "fehlt (bei Nutzfahrzeugen: Transporter oder Lkw)");
}

function offersOf(reader: RowReader, price: number, transferCost: number | undefined): Vehicle["offers"] {
  const offers: Vehicle["offers"] = [
    { type: "purchase", price, totalPrice: price, ...(transferCost === undefined ? {} : { transferCost }) },
  ];
  const raw = reader.raw("offers");
  if (raw === undefined) return offers;
  const items = Array.isArray(raw) ? raw : raw !== null && typeof raw === "object" ? Object.values(raw) : null;
  if (items === null || items.length > 4) {
    reader.fail("offers", "ist keine Liste von höchstens vier Angeboten", raw);
    return offers;
  }
  items.forEach((item, index) => {
    const field = `offers.${index}`;
    if (item === null || typeof item !== "object") {
      reader.fail(field, "ist kein Angebot", item);
      return;
    }
    const offer = new RowReader(reader.row, item as Record<string, unknown>, reader.key);
    const type = OFFER_TYPE_WORDS.get(feedWord(String((item as Record<string, unknown>).type ?? "")));
    if (type === undefined) {
      reader.unmapped.push({
        row: reader.row,
        key: reader.key,
        field: `${field}.type`,
        value: shown((item as Record<string, unknown>).type),
        message: "unbekannte Angebotsart",
      });
      reader.fail(`${field}.type`, "unbekannte Angebotsart", (item as Record<string, unknown>).type);
      return;
    }
    const lease = type.endsWith("_lease");
    // What PAngV § 17 and the lease label need on the page; an offer without it is not shown.
    const candidate = {
      type,
      price: offer.int("monthlyRate", { required: true, min: 1, max: 100_000 }),
      monthlyInstallment: offer.int("monthlyRate", { min: 1, max: 100_000 }),
      contractDurationMonths: offer.int("durationMonths", { required: true, min: 1, max: 120 }),
      annualDistanceKm: offer.int("annualKm", { required: lease, min: 1, max: 200_000 }),
      downPayment: offer.int("downPayment", { required: !lease, min: 0, max: 10_000_000 }),
      netLoanAmount: offer.int("netLoanAmount", { required: !lease, min: 0, max: 10_000_000 }),
      grossCreditAmount: offer.int("grossCreditAmount", { min: 0, max: 10_000_000 }),
      totalPrice: offer.int("totalAmount", { required: !lease, min: 0, max: 10_000_000 }),
      remainingBalance: offer.int("finalInstalment", { min: 0, max: 10_000_000 }),
      interestRate: offer.decimal("effectiveRate", { min: 0, max: 100 }),
      borrowingRate: offer.decimal("borrowingRate", { min: 0, max: 100 }),
      bank: offer.text("bank", { max: 120 }),
      transferCost,
    };
    if (!lease && (candidate.interestRate === undefined || candidate.borrowingRate === undefined))
      offer.fail("effectiveRate", "Finanzierung ohne effektiven Jahreszins und Sollzins");
    for (const issue of offer.issues) reader.issues.push({ ...issue, field: `${field}.${issue.field}` });
    if (offer.issues.length > 0) return;
    const parsed = OfferSchema.safeParse(Object.fromEntries(Object.entries(candidate).filter(([, value]) => value !== undefined)));
    if (parsed.success) offers.push(parsed.data);
    else reader.fail(field, parsed.error.issues[0]?.message ?? "ungültiges Angebot");
  });
  return offers;
}

function deliveryOf(reader: RowReader): Vehicle["deliveryPackages"] {
  const raw = reader.raw("deliveryPackages");
  if (raw === undefined) return [];
  const items = Array.isArray(raw) ? raw : raw !== null && typeof raw === "object" ? Object.values(raw) : [];
  const packages: Vehicle["deliveryPackages"] = [];
  items.forEach((item, index) => {
    const field = `deliveryPackages.${index}`;
    const entry = new RowReader(reader.row, (item ?? {}) as Record<string, unknown>, reader.key);
    const kind = DELIVERY_WORDS.get(feedWord(String((item as Record<string, unknown> | null)?.kind ?? "")));
    const price = entry.int("price", { required: true, min: 0, max: 100_000 });
    if (kind === undefined) {
      reader.unmapped.push({
        row: reader.row,
        key: reader.key,
        field: `${field}.kind`,
        value: shown((item as Record<string, unknown> | null)?.kind),
        message: "unbekanntes Lieferpaket, ausgelassen",
      });
      return;
    }
    if (price === undefined || packages.some((known) => known.kind === kind)) {
      reader.fail(field, "Lieferpaket ohne Preis oder doppelt", item);
      return;
    }
    packages.push({ kind, price });
  });
  return packages;
}

/** Maps one row; the row's issues and unmapped values go to `into`. */
export function mapFeedRow(record: unknown, row: number, options: FeedRowOptions, into: FeedRows): void {
  if (record === null || typeof record !== "object" || Array.isArray(record)) {
    into.rejected.push({ row, field: "(Zeile)", message: "ist kein Fahrzeug-Objekt" });
    return;
  }
  const key = keyOf(record);
  const reader = new RowReader(row, record as Record<string, unknown>, key);
  if (key === undefined)
    reader.fail("key", "fehlt oder enthält andere Zeichen als Buchstaben, Ziffern und . _ : / -", (record as Record<string, unknown>).key);
  if (Object.hasOwn(record, EXTRA_CELLS))
    reader.fail("(Zeile)", "hat mehr Zellen als die Kopfzeile Spalten (ein Trennzeichen ohne Anführungszeichen?)");

  const center = reader.text("center", { required: true, max: 80 });
  if (center !== undefined && !options.centers.has(center)) {
    reader.unmapped.push({ row, key, field: "center", value: center, message: "unbekannter Standort" });
    reader.fail("center", "ist keiner unserer Standorte", center);
  }
  const brand = reader.word("make", BRAND_WORDS, { required: true });
  const modelText = reader.text("model", { required: true, max: 80 });
  let model: string | undefined;
  if (brand !== undefined && modelText !== undefined) {
    model = modelLineOf(brand, modelText);
    if (model === undefined) {
      reader.unmapped.push({ row, key, field: "model", value: modelText, message: "unbekannte Modellreihe" });
      reader.fail("model", `ist keine Modellreihe von ${BRAND_NAMES[brand]} im Modellkatalog`, modelText);
    }
  }
  const variant = reader.text("variant", { required: true, max: 120 });
  const title = reader.text("title", { max: 160 }) ?? (brand !== undefined && variant !== undefined ? titleOf(brand, variant) : undefined);
  const condition = reader.word("condition", CONDITION_WORDS, { required: true });
  const firstRegistration = monthOf(reader, "firstRegistration", options.thisMonth);
  if (condition !== undefined && condition !== "new" && firstRegistration === undefined && reader.raw("firstRegistration") === undefined)
    reader.fail("firstRegistration", "fehlt (nötig außer bei Neuwagen)");
  const thisYear = Number(options.thisMonth.slice(0, 4));
  const constructionYear =
    reader.int("constructionYear", { min: 1990, max: thisYear + 1 }) ??
    (firstRegistration !== undefined ? Number(firstRegistration.slice(0, 4)) : condition === "new" ? thisYear : undefined);
  if (
    constructionYear === undefined &&
    !reader.issues.some((issue) => issue.field === "constructionYear" || issue.field === "firstRegistration")
  )
    reader.fail("constructionYear", "fehlt");
  const mileageKm = reader.int("mileageKm", { required: true, min: 0, max: 2_000_000 });
  const price = reader.int("price", { required: true, min: 1, max: 10_000_000 });
  const listPrice = reader.int("listPrice", { min: 1, max: 10_000_000 });
  const transferCost = reader.int("transferCost", { min: 0, max: 10_000 });
  const vatReportable = reader.bool("vatReportable", { required: true });
  const fuel = reader.word("fuel", FUEL_WORDS, { required: true });
  const powerKw = reader.int("powerKw", { min: 1, max: 1_500 });
  const powerHp = reader.int("powerHp", { min: 1, max: 2_000 }) ?? (powerKw !== undefined ? Math.round(powerKw * 1.35962) : undefined);
  if (powerHp === undefined && !reader.issues.some((issue) => issue.field.startsWith("power"))) reader.fail("powerKw", "fehlt");
  const transmission = reader.word("gearbox", TRANSMISSION_WORDS, { required: true });
  const driveType = reader.word("drive", DRIVE_WORDS, { required: true });
  const bodyStyle = reader.word("bodyStyle", BODY_STYLE_WORDS, { required: true });
  const category = categoryOf(reader, bodyStyle);
  const exteriorColor = reader.text("exteriorColor", { required: true, max: 80 });
  const family = reader.word("colorFamily", COLOR_FAMILY_WORDS, {}) ?? (exteriorColor ? colorFamilyOfName(exteriorColor) : undefined);
  if (family === undefined && exteriorColor !== undefined && reader.raw("colorFamily") === undefined)
    reader.unmapped.push({
      row,
      key,
      field: "exteriorColor",
      value: exteriorColor,
      message: "keine Farbfamilie erkannt (Filter „Farbe“ findet das Fahrzeug nicht)",
    });
  const interiorColor = reader.text("interiorColor", { required: true, max: 80 });
  const interiorMaterial = reader.word("interiorMaterial", INTERIOR_MATERIAL_WORDS, { required: true });
  const seats = reader.int("seats", { required: true, min: 1, max: 60 });
  const doors = reader.int("doors", { required: true, min: 0, max: 6 });
  const emissionClass = reader.word("emissionClass", EMISSION_CLASS_WORDS, { required: true });
  const warrantyMonths = reader.int("warrantyMonths", { min: 0, max: 120 }) ?? 0;

  const equipment = new Set<string>();
  for (const feature of reader.list("features", MAX_FEATURES)) {
    const keyOfFeature = EQUIPMENT_WORDS.get(feedWord(feature));
    if (keyOfFeature !== undefined) equipment.add(keyOfFeature);
    else reader.unmapped.push({ row, key, field: "features", value: feature, message: "unbekannte Ausstattung, ausgelassen" });
  }
  const towbar = reader.bool("towbar", {});
  if (towbar) equipment.add("tow_bar");

  const co2Combined = reader.int("wltp.co2Combined", { required: true, min: 0, max: 2_000 });
  const co2Discharged = reader.int("wltp.co2Discharged", { min: 0, max: 2_000 });
  const plugin = fuel === "pluginhybrid";
  if (plugin && co2Discharged === undefined) reader.fail("wltp.co2Discharged", "fehlt (Plug-in-Hybrid: CO₂ bei entladener Batterie)");
  const co2Class = reader.word("wltp.co2Class", CO2_CLASS_WORDS, {}) ?? (co2Combined !== undefined ? co2ClassFor(co2Combined) : undefined);
  const co2ClassDischarged =
    reader.word("wltp.co2ClassDischarged", CO2_CLASS_WORDS, {}) ?? (co2Discharged !== undefined ? co2ClassFor(co2Discharged) : undefined);
  const electric = fuel === "electric";
  const wltp = {
    consumptionCombined: reader.decimal("wltp.consumptionCombined", { min: 0, max: 100 }),
    powerConsumptionCombined: reader.decimal("wltp.powerConsumptionCombined", { min: 0, max: 200 }),
    consumptionDischarged: reader.decimal("wltp.consumptionDischarged", { min: 0, max: 100 }),
    co2Combined,
    co2Discharged,
    co2Class,
    co2ClassDischarged: plugin ? co2ClassDischarged : undefined,
  };
  if (!electric && wltp.consumptionCombined === undefined) reader.fail("wltp.consumptionCombined", "fehlt (l/100 km, Pkw-EnVKV)");
  if ((electric || plugin) && wltp.powerConsumptionCombined === undefined)
    reader.fail("wltp.powerConsumptionCombined", "fehlt (kWh/100 km, Pkw-EnVKV)");

  const images: string[] = [];
  for (const value of reader.list("images", MAX_IMAGES)) {
    const url = imageUrl(reader, "images", value);
    if (url !== undefined) images.push(url);
  }
  if (images.length === 0 && !reader.issues.some((issue) => issue.field === "images"))
    reader.fail("images", "kein Bild (mindestens eines)");

  const offers = price !== undefined ? offersOf(reader, price, transferCost) : undefined;
  const deliveryPackages = deliveryOf(reader);

  into.unmapped.push(...reader.unmapped);
  if (reader.issues.length > 0 || key === undefined) {
    into.rejected.push(...reader.issues);
    return;
  }
  const candidate = {
    id: 1,
    slug: slugify(title ?? ""),
    brand,
    model,
    modelName: variant,
    title,
    condition,
    firstRegistration: condition === "new" ? undefined : firstRegistration,
    constructionYear,
    mileageKm,
    price,
    listPrice,
    fuel,
    transmission,
    bodyStyle,
    category,
    driveType,
    exteriorColor,
    interiorColor,
    interiorMaterial,
    seats,
    doors,
    powerHp,
    towbar: equipment.has("tow_bar"),
    alloyWheelInch: reader.int("alloyWheelInch", { min: 13, max: 23 }),
    electricRangeKm: reader.int("electricRangeKm", { min: 0, max: 2_000 }),
    towingWeightKg: reader.int("towingWeightKg", { min: 0, max: 60_000 }),
    maxWeightKg: reader.int("maxWeightKg", { min: 1, max: 60_000 }),
    drivenAxles: reader.int("drivenAxles", { min: 1, max: 4 }),
    emissionClass,
    vatReportable,
    warrantyMonths,
    locationSlug: center,
    equipment: [...equipment],
    wltp: Object.fromEntries(Object.entries(wltp).filter(([, value]) => value !== undefined)),
    deliveryPackages,
    offers,
    images,
  };
  // The optional numbers read last can still refuse the row.
  if (reader.issues.length > 0) {
    into.rejected.push(...reader.issues);
    return;
  }
  const parsed = VehicleSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) into.rejected.push({ row, key, field: issue.path.join("."), message: issue.message });
    return;
  }
  const { id: _id, ...vehicle } = parsed.data;
  into.vehicles.push({ row, key, vehicle, colorKey: family ?? "other" });
}

/** Maps a feed's rows (numbered from `firstRow`); a key named twice refuses every row with it. */
export function mapFeedRows(records: readonly unknown[], options: FeedRowOptions, firstRow = 1): FeedRows {
  const rows: FeedRows = { vehicles: [], rejected: [], unmapped: [] };
  // Counted over every row, readable or not: which of two rows is meant cannot be guessed, even
  // when one of them is refused for another reason.
  const counts = new Map<string, number>();
  for (const record of records) {
    const key = keyOf(record);
    if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  records.forEach((record, index) => {
    mapFeedRow(record, firstRow + index, options, rows);
    const key = keyOf(record);
    if (key !== undefined && (counts.get(key) ?? 0) > 1)
      rows.rejected.push({ row: firstRow + index, key, field: "key", message: "kommt in der Lieferung mehrfach vor" });
  });
  rows.vehicles = rows.vehicles.filter((vehicle) => (counts.get(vehicle.key) ?? 0) < 2);
  return rows;
}
