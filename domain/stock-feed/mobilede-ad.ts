import * as z from "zod";
import { feedWord } from "./feed-vocabulary.ts";

/**
 * mobile.de's Search-API for a dealer's own ads (Ad-Integration, "Inserats-Einbindung"; the New
 * JSON format, `Accept: application/vnd.de.mobile.api+json`) → rows of our DMS JSON format
 * (docs/stock-import.md), which feed-row.ts then reads like any DMS export: one set of rules,
 * one report of what could not be mapped.
 *
 * The field names follow mobile.de's published New JSON names (the XML format's names in camel
 * case: `emissions.combined.co2`, `consumptions.fuelConsumption.combined` …); the local stand-in
 * (worker/test-support/fake-mobilede-server.ts) answers with exactly these, so a difference found
 * against the real interface is fixed here and in the stand-in together.
 */

/** One page of `GET /search-api/search?customerId=…&page.number=…&page.size=…`. */
export const MobileDePageSchema = z.object({
  total: z.number().int().nonnegative(),
  pageSize: z.number().int().positive().optional(),
  currentPage: z.number().int().positive().optional(),
  maxPages: z.number().int().nonnegative(),
  // Each ad is checked by the row reader: one malformed ad refuses that row, not the page.
  ads: z.array(z.unknown()).default([]),
});
export type MobileDePage = z.infer<typeof MobileDePageSchema>;

/** The most ads the Search-API pages through; beyond it pages come back empty. */
export const MOBILEDE_PAGINATION_CAP = 2_000;
export const MOBILEDE_MAX_PAGE_SIZE = 100;

const DOORS = new Map([
  ["TWOORTHREE", 3],
  ["FOURORFIVE", 5],
  ["SIXORSEVEN", 6],
  ["SIXORMORE", 6],
]);

/** mobile.de's equipment flags → our equipment words (feed-vocabulary.ts EQUIPMENT_WORDS). */
const FLAG_FEATURES: ReadonlyArray<[flag: string, feature: string]> = [
  ["navigationSystem", "NAVIGATION_SYSTEM"],
  ["electricHeatedSeats", "HEATED_SEATS"],
  ["headUpDisplay", "HEAD_UP_DISPLAY"],
  ["panoramicGlassRoof", "PANORAMIC_GLASS_ROOF"],
  ["keylessEntry", "KEYLESS_GO"],
  ["auxiliaryHeating", "AUXILIARY_HEATING"],
  ["bluetooth", "HANDS_FREE_PHONE_SYSTEM"],
  ["laneDepartureWarning", "LANE_DEPARTURE_WARNING"],
  ["blindSpotMonitor", "BLIND_SPOT_MONITOR"],
  ["emergencyBrakeAssist", "EMERGENCY_BRAKE_ASSIST"],
  ["alloyWheels", "ALLOY_WHEELS"],
  ["roofRails", "ROOF_RAILS"],
  ["isofix", "ISOFIX"],
  ["abs", "ABS"],
  ["esp", "ESP"],
  ["immobilizer", "IMMOBILIZER"],
  ["alarmSystem", "ALARM_SYSTEM"],
  ["carplay", "CARPLAY"],
  ["androidAuto", "ANDROID_AUTO"],
  ["digitalRadio", "DIGITAL_RADIO"],
  ["electricTailgate", "ELECTRIC_TAILGATE"],
  ["heatedSteeringWheel", "HEATED_STEERING_WHEEL"],
  ["rainSensor", "RAIN_SENSOR"],
];

const PARKING_ASSISTANTS = new Map([
  ["FRONTSENSORS", "PARKING_SENSORS"],
  ["REARSENSORS", "PARKING_SENSORS"],
  ["REARVIEWCAM", "REAR_VIEW_CAMERA"],
  ["CAM360DEGREES", "CAMERA_360"],
  ["AUTOMATICPARKING", "PARK_ASSIST"],
]);

const COLOR_NAMES = new Map([
  ["BLACK", "Schwarz"],
  ["WHITE", "Weiß"],
  ["GREY", "Grau"],
  ["SILVER", "Silber"],
  ["BLUE", "Blau"],
  ["RED", "Rot"],
  ["GREEN", "Grün"],
  ["BEIGE", "Beige"],
  ["BROWN", "Braun"],
  ["GOLD", "Gold"],
  ["BRONZE", "Bronze"],
  ["ORANGE", "Orange"],
  ["YELLOW", "Gelb"],
  ["PURPLE", "Violett"],
]);

/** Image size asked of mobile.de's image server (`?rule=`): large enough for the detail page. */
export const MOBILEDE_IMAGE_RULE = "mo-1024.jpg";

type Ad = Record<string, unknown>;
const record = (value: unknown): Ad | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Ad) : undefined;
const at = (value: unknown, ...path: string[]): unknown => {
  let current: unknown = value;
  for (const key of path) {
    const object = record(current);
    if (object === undefined || !Object.hasOwn(object, key)) return undefined;
    current = object[key];
  }
  return current;
};

/**
 * mobile.de prices are decimal strings ("48990.00"); the site shows whole euros, so a price with
 * cents is passed on as written and refused by the row reader rather than rounded.
 */
function euros(value: unknown): unknown {
  if (typeof value === "string" && /^\d+(\.0+)?$/.test(value)) return Number(value.split(".")[0]);
  return value;
}

/** "202303" → "2023-03". */
function month(value: unknown): unknown {
  return typeof value === "string" && /^\d{6}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4)}` : value;
}

/** One ad → a row of our DMS JSON format, for `center` (the customer number's center). */
export function mobileDeAdToRow(ad: unknown, center: string): unknown {
  const source = record(ad);
  if (source === undefined) return ad;
  const features: string[] = [];
  for (const [flag, feature] of FLAG_FEATURES) if (source[flag] === true) features.push(feature);
  const trailer = source.trailerCouplingType;
  if (typeof trailer === "string" && trailer !== "" && trailer !== "NONE") features.push("TRAILER_COUPLING");
  const speed = source.speedControl;
  if (speed === "CRUISE_CONTROL" || speed === "ADAPTIVE_CRUISE_CONTROL") features.push(speed);
  const climate = source.climatisation;
  if (typeof climate === "string" && climate !== "NO_CLIMATISATION")
    features.push(climate.startsWith("AUTOMATIC_CLIMATISATION") ? "AUTOMATIC_CLIMATISATION" : climate);
  const assistants = Array.isArray(source.parkingAssistants) ? source.parkingAssistants : [];
  for (const assistant of assistants) {
    const word = typeof assistant === "string" ? PARKING_ASSISTANTS.get(feedWord(assistant).toUpperCase()) : undefined;
    // An unknown assistant is passed on as it is, so the report names it.
    features.push(word ?? String(assistant));
  }

  // mobile.de marks a plug-in hybrid by a flag beside its fuel (HYBRID, HYBRID_DIESEL).
  const fuel =
    typeof source.fuel === "string" && source.fuel.startsWith("HYBRID") && source.hybridPlugin === true ? "PLUGIN_HYBRID" : source.fuel;
  const colorFamily = typeof source.exteriorColor === "string" ? COLOR_NAMES.get(source.exteriorColor) : undefined;
  const images = Array.isArray(source.images)
    ? source.images.map((image) => {
        const ref = at(image, "ref");
        return typeof ref === "string" ? `${ref}${ref.includes("?") ? "&" : "?"}rule=${MOBILEDE_IMAGE_RULE}` : ref;
      })
    : source.images;
  const doors = typeof source.doors === "string" ? (DOORS.get(feedWord(source.doors).toUpperCase()) ?? source.doors) : source.doors;
  const vatRate = at(source, "price", "vatRate");

  return {
    key: source.mobileAdId,
    center,
    make: source.make,
    model: source.model,
    variant: source.modelDescription ?? source.model,
    condition: source.condition,
    firstRegistration: month(source.firstRegistration),
    mileageKm: source.mileage,
    price: euros(at(source, "price", "consumerPriceGross")),
    // A price with VAT shown names its rate; a margin-taxed car (UStG § 25a) has none.
    vatReportable: Number(vatRate) > 0,
    fuel,
    powerKw: source.power,
    gearbox: source.gearbox,
    drive: source.driveType,
    bodyStyle: source.category,
    category: source.vehicleClass === "Car" ? "Pkw" : source.vehicleClass,
    exteriorColor: source.manufacturerColorName ?? colorFamily ?? source.exteriorColor,
    colorFamily,
    interiorColor: typeof source.interiorColor === "string" ? (COLOR_NAMES.get(source.interiorColor) ?? source.interiorColor) : undefined,
    interiorMaterial: source.interiorType,
    seats: source.seats,
    doors,
    emissionClass: source.emissionClass,
    electricRangeKm: source.range,
    features,
    wltp: {
      co2Combined: at(source, "emissions", "combined", "co2"),
      co2Class: at(source, "emissions", "combined", "co2Class"),
      co2Discharged: at(source, "emissions", "discharged", "co2"),
      co2ClassDischarged: at(source, "emissions", "discharged", "co2Class"),
      // A plug-in hybrid's label shows the weighted value; its plain combined figure is the one with
      // the battery discharged, so it never stands in for the weighted one.
      consumptionCombined:
        fuel === "PLUGIN_HYBRID"
          ? at(source, "consumptions", "weightedCombinedFuel")
          : (at(source, "consumptions", "weightedCombinedFuel") ?? at(source, "consumptions", "fuelConsumption", "combined")),
      consumptionDischarged: fuel === "PLUGIN_HYBRID" ? at(source, "consumptions", "fuelConsumption", "combined") : undefined,
      powerConsumptionCombined:
        at(source, "consumptions", "weightedCombinedPower") ?? at(source, "consumptions", "powerConsumption", "combined"),
    },
    images,
  };
}
