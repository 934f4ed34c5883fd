import { BRAND_KEYS, BRAND_NAMES, type BrandKey } from "../brands.ts";
import { EQUIPMENT } from "../equipment.ts";
import { MODEL_LINES } from "../model-lines.ts";
import { BODY_STYLE_LABELS, COLOR_LABELS, CONDITION_LABELS, FUEL_LABELS, INTERIOR_MATERIAL_LABELS } from "../vehicle-labels.ts";
import { COLOR_KEYS } from "../vehicle-search-query.ts";
import {
  BODY_STYLES,
  CO2_CLASSES,
  CONDITIONS,
  DRIVE_TYPES,
  EMISSION_CLASSES,
  FUELS,
  INTERIOR_MATERIALS,
  TRANSMISSIONS,
} from "../vehicle-vocabulary.ts";

/**
 * The words stock feeds use for our vocabulary (docs/stock-import.md "Values"): a DMS writes
 * "Automatik", mobile.de "AUTOMATIC_GEAR", a spreadsheet "automatic". Each list accepts our own
 * key, the German label the site shows, and the feeds' usual words; case, accents, spaces and
 * punctuation do not matter ("Plug-in-Hybrid" = "PLUGIN_HYBRID"). A word that is not here is
 * reported by the import with the vehicle and field, never guessed.
 */
export function feedWord(value: string): string {
  return value
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "");
}

/** Builds a lookup from every key, its label and the extra words; a word naming two keys is a bug here. */
function vocabulary<Key extends string>(
  keys: readonly Key[],
  labels: Partial<Record<Key, string>>,
  extra: Partial<Record<Key, readonly string[]>>,
): ReadonlyMap<string, Key> {
  const map = new Map<string, Key>();
  const add = (word: string, key: Key) => {
    const normalised = feedWord(word);
    const existing = map.get(normalised);
    if (existing !== undefined && existing !== key) throw new Error(`feed word "${word}" names both ${existing} and ${key}`);
    map.set(normalised, key);
  };
  for (const key of keys) {
    add(key, key);
    const label = labels[key];
    if (label !== undefined) add(label, key);
    for (const word of extra[key] ?? []) add(word, key);
  }
  return map;
}

export const CONDITION_WORDS = vocabulary(CONDITIONS, CONDITION_LABELS, {
  new: ["neu", "NEW"],
  day_registration: ["Tageszulassung", "TZ", "DAY_REGISTRATION", "PRE_REGISTRATION", "pre-registered"],
  demonstrator: ["Vorführfahrzeug", "Vorführer", "demo", "DEMONSTRATION", "Dienstwagen"],
  // A year-old car (Jahreswagen) is a used car in law and on the site; its mileage and first
  // registration say how young it is.
  used: ["gebraucht", "Jahreswagen", "USED", "EMPLOYEES_CAR"],
});

export const FUEL_WORDS = vocabulary(FUELS, FUEL_LABELS, {
  petrol: ["Super", "Super Plus", "gasoline", "PETROL"],
  diesel: ["DIESEL"],
  electric: ["Elektrisch", "BEV", "ELECTRICITY", "Strom"],
  hybrid: ["HYBRID"],
  "hybrid-diesel": ["Diesel-Hybrid", "HYBRID_DIESEL", "Hybrid Diesel/Elektro"],
  "hybrid-petrol": ["Benzin-Hybrid", "HYBRID_PETROL", "Hybrid Benzin/Elektro", "Vollhybrid"],
  mildhybrid: ["Mildhybrid", "MHEV", "48V-Hybrid"],
  pluginhybrid: ["Plug-in Hybrid", "PHEV", "PLUGIN_HYBRID"],
});

export const TRANSMISSION_WORDS = vocabulary(
  TRANSMISSIONS,
  { manual: "Schaltgetriebe", automatic: "Automatik" },
  {
    manual: ["manuell", "Schaltung", "MANUAL_GEAR"],
    automatic: ["Automatikgetriebe", "AUTOMATIC_GEAR", "Halbautomatik", "SEMIAUTOMATIC_GEAR", "DSG", "Doppelkupplung"],
  },
);

export const DRIVE_WORDS = vocabulary(
  DRIVE_TYPES,
  { front: "Frontantrieb", rear: "Heckantrieb", four: "Allradantrieb" },
  {
    front: ["Front", "Vorderrad", "FWD", "FRONT"],
    rear: ["Heck", "Hinterrad", "RWD", "REAR"],
    four: ["Allrad", "4x4", "AWD", "4MATIC", "ALL_WHEEL"],
  },
);

export const BODY_STYLE_WORDS = vocabulary(BODY_STYLES, BODY_STYLE_LABELS, {
  compact: ["SmallCar", "Kleinstwagen"],
  coupe: ["Sportwagen", "SportsCar"],
  convertible: ["Cabrio", "Cabriolet", "Roadster"],
  saloon: ["Stufenheck"],
  estate: ["EstateCar", "Touring", "Shooting Brake"],
  suv: ["SUV", "Geländewagen", "Pickup", "OffRoad"],
  mpv: ["Van", "Minibus", "Kleinbus"],
  panelvan: ["BoxTypeDeliveryVan", "Kastenwagen hoch"],
  deliveryvan: ["Lieferwagen", "Mixto"],
  openbody: ["Pritschenwagen", "DropSideTruck"],
  chassiscab: ["Fahrgestell mit Kabine", "ChassisCab"],
  boxbody: ["Kofferaufbau"],
  frigo: ["Kühlfahrzeug"],
  standardtractor: ["Zugmaschine", "StandardTractorTrailerUnit"],
  passengertransport: ["Bus", "Kleinbus Personenbeförderung"],
  campervan: ["Kastenwagen Reisemobil", "Camper", "CamperVan"],
  semi_integrated: ["Teilintegrierter", "PartlyIntegrated"],
  integrated: ["Vollintegrierter", "Integrierter", "FullyIntegrated"],
  alcove: ["Alkovenmobil"],
});

export const CATEGORY_WORDS = vocabulary(
  ["passenger", "van", "truck"] as const,
  { passenger: "Pkw", van: "Transporter", truck: "Lkw" },
  {
    passenger: ["Personenkraftwagen", "Car", "PKW"],
    van: ["Nutzfahrzeug", "Reisemobil", "Wohnmobil", "Motorhome", "VanUpTo7500"],
    truck: ["Lastkraftwagen", "TruckOver7500"],
  },
);

export const INTERIOR_MATERIAL_WORDS = vocabulary(INTERIOR_MATERIALS, INTERIOR_MATERIAL_LABELS, {
  fabric: ["Velours", "VELOUR", "FABRIC", "Stoffpolster"],
  leather: ["Vollleder", "LEATHER", "Nappaleder", "Nappa"],
  partial_leather: ["Teil-Leder", "PARTIAL_LEATHER", "PART_LEATHER", "Leder/Stoff", "Stoff/Leder"],
  artificial_leather: ["ARTIFICIAL_LEATHER", "Lederoptik", "ARTICO", "MB-Tex"],
  alcantara: ["ALCANTARA", "Mikrofaser"],
});

export const EMISSION_CLASS_WORDS = vocabulary(
  EMISSION_CLASSES,
  {},
  {
    euro6d: ["Euro 6d", "EURO6D"],
    "euro6d-temp": ["Euro 6d-TEMP", "EURO6D_TEMP"],
    euro6: ["Euro 6", "EURO6", "Euro 6b", "Euro 6c"],
    euro5: ["Euro 5", "EURO5"],
    euro7: ["Euro 7", "EURO7"],
  },
);

export const CO2_CLASS_WORDS = vocabulary(CO2_CLASSES, {}, {});

/** The colour families the carfinder filters by; a feed's exact colour name is shown as it is. */
export const COLOR_FAMILY_WORDS = vocabulary(COLOR_KEYS, COLOR_LABELS, {
  white: ["weiss", "Polarweiß", "Weiß metallic"],
  grey: ["Anthrazit", "Grau metallic", "Graphit"],
  silver: ["Silber metallic"],
  beige: ["Braun", "Gold", "Bronze", "Champagner"],
  green: ["Oliv"],
});

/**
 * The family of a colour name when the feed gives no family: the first family word inside the
 * name ("Obsidianschwarz metallic" → black, "Selenitgrau" → grey), none when no word fits.
 */
export function colorFamilyOfName(name: string): (typeof COLOR_KEYS)[number] | undefined {
  const word = feedWord(name);
  let best: { key: (typeof COLOR_KEYS)[number]; at: number } | undefined;
  for (const [family, key] of COLOR_FAMILY_WORDS) {
    if (family.length < 3) continue;
    const at = word.indexOf(family);
    if (at !== -1 && (best === undefined || at < best.at)) best = { key, at };
  }
  return best?.key;
}

export const BRAND_WORDS = vocabulary(BRAND_KEYS, BRAND_NAMES, {
  "mercedes-benz": ["Mercedes", "Mercedes-AMG", "Mercedes-Maybach", "MB", "Daimler"],
  astonmartin: ["Aston-Martin"],
  hymer: ["Hymer-Mobil", "Hymermobil"],
  iveco: ["IVECO"],
});

const MODEL_WORDS = new Map<BrandKey, ReadonlyMap<string, string>>(
  BRAND_KEYS.map((brand) => {
    const lines = MODEL_LINES[brand];
    return [brand, vocabulary(Object.keys(lines), lines, {})];
  }),
);

/**
 * Our model line for a feed's model, tried in this order and never guessed between several:
 * its key or name ("glc-suv", "GLC SUV"), with the brand in front ("#1" → smart #1), its first
 * word ("Sprinter 317 CDI" → Sprinter), Mercedes' "<letter>-Klasse" for a designation such as
 * "C 200" or "E 300 de", and last the one line whose name starts with the model or its first word
 * ("GLC" → GLC SUV, "CLA 200" → CLA Coupé; "EQ" names several lines and is not taken).
 */
export function modelLineOf(brand: BrandKey, model: string): string | undefined {
  const words = MODEL_WORDS.get(brand);
  const word = feedWord(model);
  if (!words || word === "") return undefined;
  const first = feedWord(model.trim().split(/\s+/)[0] ?? "");
  const exact =
    words.get(word) ??
    words.get(feedWord(`${BRAND_NAMES[brand]} ${model}`)) ??
    (first === "" ? undefined : (words.get(first) ?? (first.length === 1 ? words.get(`${first}klasse`) : undefined)));
  if (exact !== undefined) return exact;
  for (const start of [word, first]) {
    if (start.length < 2) continue;
    const starting = new Set([...words].filter(([candidate]) => candidate.startsWith(start)).map(([, key]) => key));
    if (starting.size === 1) return [...starting][0];
    if (starting.size > 1) return undefined;
  }
  return undefined;
}

const EQUIPMENT_EXTRA: Record<string, readonly string[]> = {
  tow_bar: ["AHK", "Anhängerkupplung abnehmbar", "Anhängerkupplung schwenkbar", "TRAILER_COUPLING"],
  navigation: ["Navi", "Navigationssystem", "NAVIGATION_SYSTEM"],
  heated_seats: ["Sitzheizung", "HEATED_SEATS"],
  air_conditioning: ["Klima", "MANUAL_CLIMATISATION"],
  climate_control: ["AUTOMATIC_CLIMATISATION", "Klimaautomatik 2-Zonen"],
  cruise_control: ["Geschwindigkeitsregelanlage", "GRA", "CRUISE_CONTROL"],
  adaptive_cruise_control: ["ACC", "Abstandsregeltempomat", "DISTRONIC"],
  parking_sensors: ["PDC", "Einparkhilfe", "Parksensoren", "Einparkhilfe vorn und hinten", "PARKING_SENSORS"],
  rear_camera: ["Rückfahrkamera", "REAR_VIEW_CAMERA"],
  camera_360: ["360-Grad-Kamera", "Surround View", "CAMERA_360"],
  parking_assist: ["Parkassistent", "Einparkassistent", "PARK_ASSIST"],
  head_up_display: ["HUD", "HEAD_UP_DISPLAY"],
  led_headlights: ["LED-Scheinwerfer", "LED_HEADLIGHTS"],
  bluetooth: ["Bluetooth", "Freisprecheinrichtung", "HANDS_FREE_PHONE_SYSTEM"],
  keyless_go: ["Keyless Entry", "KEYLESS_GO"],
  panoramic_roof: ["Panoramadach", "Glasdach", "PANORAMIC_GLASS_ROOF"],
  auxiliary_heating: ["AUXILIARY_HEATING"],
  alloy_wheels: ["Alufelgen", "ALLOY_WHEELS"],
  roof_rails: ["ROOF_RAILS"],
  lane_keeping_assist: ["Spurhalteassistent", "LANE_DEPARTURE_WARNING"],
  blind_spot_assist: ["Totwinkelassistent", "BLIND_SPOT_MONITOR"],
  emergency_brake_assist: ["Notbremsassistent", "EMERGENCY_BRAKE_ASSIST"],
  rain_sensor: ["RAIN_SENSOR"],
  isofix: ["Isofix", "ISOFIX"],
  abs: ["ABS"],
  esp: ["ESP", "ESP_SYSTEM"],
  immobilizer: ["IMMOBILIZER"],
  alarm_system: ["ALARM_SYSTEM"],
  apple_carplay: ["CarPlay", "CARPLAY"],
  android_auto: ["ANDROID_AUTO"],
  dab_radio: ["DAB", "DAB-Radio", "DIGITAL_RADIO"],
  electric_tailgate: ["ELECTRIC_TAILGATE"],
  heated_steering_wheel: ["HEATED_STEERING_WHEEL"],
};

export const EQUIPMENT_WORDS = vocabulary(
  Object.keys(EQUIPMENT),
  Object.fromEntries(Object.entries(EQUIPMENT).map(([key, feature]) => [key, feature.label])),
  EQUIPMENT_EXTRA,
);
