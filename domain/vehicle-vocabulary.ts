/**
 * The vehicle vocabulary (spec section 3): the allowed values of every enumerated Vehicle
 * field, as plain constants and their types. Kept free of zod so pages can use it on first
 * load without shipping the validator (the JS budget, ADR 0006); the zod schemas built
 * from these lists live in vehicle.ts.
 */

export const FUELS = ["petrol", "diesel", "electric", "hybrid", "hybrid-diesel", "hybrid-petrol", "mildhybrid", "pluginhybrid"] as const;

/** The lease calculator's own fuel vocabulary (spec section 3 "Lease fuel"). */

export const LEASE_FUELS = ["gasoline", "diesel", "electric", "diesel-hybrid", "gasoline-hybrid", "gasoline-diesel"] as const;
export type LeaseFuel = (typeof LEASE_FUELS)[number];
export type Fuel = (typeof FUELS)[number];

export const LEASE_FUEL_BY_FUEL: Record<Fuel, LeaseFuel> = {
  petrol: "gasoline",
  diesel: "diesel",
  electric: "electric",
  hybrid: "gasoline-hybrid",
  "hybrid-diesel": "diesel-hybrid",
  "hybrid-petrol": "gasoline-hybrid",
  mildhybrid: "gasoline-hybrid",
  pluginhybrid: "gasoline-hybrid",
};

export const TRANSMISSIONS = ["manual", "automatic"] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];

/** Passenger body styles (spec), van/truck bodies (legacy carfinder-nfz list), camper bodies. */

export const PASSENGER_BODY_STYLES = [
  "electric",
  "hybrid",
  "compact",
  "high_entry",
  "family",
  "company_car",
  "hatchback",
  "coupe",
  "convertible",
  "saloon",
  "estate",
  "suv",
  "mpv",
] as const;

export const COMMERCIAL_BODY_STYLES = [
  "containertransport",
  "chassiscab",
  "panelvan",
  "deliveryvan",
  "tipper",
  "boxbody",
  "frigo",
  "openbody",
  "passengertransport",
  "tarpaulin",
  "standardtractor",
] as const;

export const CAMPER_BODY_STYLES = ["campervan", "semi_integrated", "integrated", "alcove"] as const;

export const BODY_STYLES = [...PASSENGER_BODY_STYLES, ...COMMERCIAL_BODY_STYLES, ...CAMPER_BODY_STYLES] as const;
export type BodyStyle = (typeof BODY_STYLES)[number];

export const CATEGORIES = ["passenger", "van", "truck"] as const;

export const DRIVE_TYPES = ["front", "rear", "four"] as const;

export const CONDITIONS = ["new", "day_registration", "demonstrator", "used"] as const;
export type Condition = (typeof CONDITIONS)[number];

export const EMISSION_CLASSES = ["euro6d", "euro6d-temp", "euro6", "euro5", "euro7"] as const;

export const INTERIOR_MATERIALS = ["fabric", "leather", "partial_leather", "artificial_leather", "alcantara"] as const;
export type InteriorMaterial = (typeof INTERIOR_MATERIALS)[number];

export const CO2_CLASSES = ["A", "B", "C", "D", "E", "F", "G"] as const;
export type Co2Class = (typeof CO2_CLASSES)[number];

/** Acquisition (offer) types and so the price display types (spec sections 3 and 9). */

export const ACQUISITION_TYPES = ["purchase", "business_lease", "business_finance", "private_finance", "private_lease"] as const;
export type AcquisitionType = (typeof ACQUISITION_TYPES)[number];

/** Delivery packages (Lieferpakete) a selling center offers with a vehicle, in display order. */
export const DELIVERY_PACKAGE_KINDS = ["pickup", "registration", "home_delivery"] as const;
export type DeliveryPackageKind = (typeof DELIVERY_PACKAGE_KINDS)[number];
