import { equipmentForFilter, OPTIONAL_FILTERS, type OptionalFilter } from "./equipment.ts";
import type { Vehicle } from "./vehicle.ts";
import type { AcquisitionType } from "./vehicle-vocabulary.ts";

/**
 * A vehicle as a row of `vehicles` (migrations 0002, 0003, 0010): the typed columns the carfinder
 * filters and sorts by. The seed and the stock import write rows the same way.
 */
/** Insert columns of `vehicles` (migrations/0002_vehicle_stock.sql), in statement order. */
export const VEHICLE_COLUMNS = [
  "id",
  "slug",
  "status",
  "brand",
  "model",
  "title",
  "condition",
  "category",
  "body_style",
  "fuel",
  "transmission",
  "drive_type",
  "color_key",
  "location_slug",
  "construction_year",
  "mileage_km",
  "power_hp",
  "seats",
  "price_purchase",
  "price_private_finance",
  "price_business_finance",
  "price_private_lease",
  "price_business_lease",
  "has_towbar",
  "has_cruise_control",
  "has_parking",
  "has_airbags",
  "has_security",
  "has_air_conditioning",
  "first_registration",
  "image",
  "alloy_wheel_inch",
] as const;

const FILTER_KEYS = new Map<OptionalFilter, Set<string>>(OPTIONAL_FILTERS.map((filter) => [filter, new Set(equipmentForFilter(filter))]));

function hasFeature(vehicle: Vehicle, filter: OptionalFilter): number {
  const keys = FILTER_KEYS.get(filter);
  return keys !== undefined && vehicle.equipment.some((key) => keys.has(key)) ? 1 : 0;
}

function offerPrice(vehicle: Vehicle, type: AcquisitionType): number | null {
  return vehicle.offers.find((offer) => offer.type === type)?.price ?? null;
}

/**
 * The row values for one vehicle. `colorKey` is the carfinder's colour family: a feed's mapped
 * family, or for the demo stock the colour in its picture's name (stable, filterable);
 * `cardImage` the result card's picture (a smaller size of the first, for imported pictures).
 */
export function vehicleRow(
  vehicle: Vehicle,
  status: "available" | "sold" = "available",
  colorKey = imageColorKey(vehicle),
  cardImage: string | null = vehicle.images[0] ?? null,
): Array<string | number | null> {
  return [
    vehicle.id,
    vehicle.slug,
    status,
    vehicle.brand,
    vehicle.model,
    vehicle.title,
    vehicle.condition,
    vehicle.category,
    vehicle.bodyStyle,
    vehicle.fuel,
    vehicle.transmission,
    vehicle.driveType,
    colorKey,
    vehicle.locationSlug,
    vehicle.constructionYear,
    vehicle.mileageKm,
    vehicle.powerHp,
    vehicle.seats,
    vehicle.price,
    offerPrice(vehicle, "private_finance"),
    offerPrice(vehicle, "business_finance"),
    offerPrice(vehicle, "private_lease"),
    offerPrice(vehicle, "business_lease"),
    hasFeature(vehicle, "towbar"),
    hasFeature(vehicle, "cruise_control"),
    hasFeature(vehicle, "parking"),
    hasFeature(vehicle, "airbags"),
    hasFeature(vehicle, "security"),
    hasFeature(vehicle, "air_conditioning"),
    vehicle.firstRegistration ?? null,
    cardImage,
    vehicle.alloyWheelInch ?? null,
  ];
}

/** The demo stock's colour family: the colour in its first picture's name ("other" for any other picture). */
export function imageColorKey(vehicle: Pick<Vehicle, "images">): string {
  return /\/images\/vehicles\/[a-z]+-([a-z]+)-\d\.svg$/.exec(vehicle.images[0] ?? "")?.[1] ?? "other";
}
