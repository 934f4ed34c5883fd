import * as z from "zod";
import { BrandKeySchema } from "./brand-schema.ts";
import {
  ACQUISITION_TYPES,
  BODY_STYLES,
  CATEGORIES,
  CO2_CLASSES,
  CONDITIONS,
  DELIVERY_PACKAGE_KINDS,
  DRIVE_TYPES,
  EMISSION_CLASSES,
  FUELS,
  INTERIOR_MATERIALS,
  TRANSMISSIONS,
} from "./vehicle-vocabulary.ts";

/**
 * The Vehicle entity (spec section 3), the single source of truth for stock data:
 * D1 rows, /api responses, the demo generator and the UI all go through these schemas.
 * Money is in whole euros (gross, incl. VAT), distances in km, weights in kg.
 */

export const FuelSchema = z.enum(FUELS);
export const TransmissionSchema = z.enum(TRANSMISSIONS);
export const BodyStyleSchema = z.enum(BODY_STYLES);
export const CategorySchema = z.enum(CATEGORIES);
export const DriveTypeSchema = z.enum(DRIVE_TYPES);
export const ConditionSchema = z.enum(CONDITIONS);
export const EmissionClassSchema = z.enum(EMISSION_CLASSES);
export const InteriorMaterialSchema = z.enum(INTERIOR_MATERIALS);
export const Co2ClassSchema = z.enum(CO2_CLASSES);
export const AcquisitionTypeSchema = z.enum(ACQUISITION_TYPES);

const euro = z.number().int().nonnegative();
const percent = z.number().min(0).max(100);

/** One price row per offer type, with the financing fields of spec section 3. */
export const OfferSchema = z.object({
  type: AcquisitionTypeSchema,
  /** Purchase: total price incl. transfer costs (PAngV). Finance/lease: the monthly instalment. */
  price: euro,
  grossCreditAmount: euro.optional(),
  downPayment: euro.optional(),
  monthlyInstallment: euro.optional(),
  contractDurationMonths: z.number().int().positive().max(120).optional(),
  annualDistanceKm: z.number().int().positive().optional(),
  totalPrice: euro.optional(),
  netLoanAmount: euro.optional(),
  remainingBalance: euro.optional(),
  /** Effective annual interest rate (effektiver Jahreszins), percent. */
  interestRate: percent.optional(),
  /** Borrowing rate (gebundener Sollzins), percent. */
  borrowingRate: percent.optional(),
  fixedInterestPeriod: z.string().optional(),
  installmentProtection: z.boolean().optional(),
  bank: z.string().optional(),
  /** Leases: transfer and registration costs are paid once; shown separately. */
  transferCost: euro.optional(),
});
export type Offer = z.infer<typeof OfferSchema>;

/** Delivery packages (Lieferpakete) a selling center offers with a vehicle (kinds: domain/vehicle-vocabulary.ts). */
export const DeliveryPackageSchema = z.object({
  kind: z.enum(DELIVERY_PACKAGE_KINDS),
  /** Gross price in euro; 0 = included in the vehicle's price. */
  price: z.number().int().nonnegative().max(100_000),
});
export type DeliveryPackage = z.infer<typeof DeliveryPackageSchema>;

export const WltpSchema = z.object({
  /** Combined consumption, l/100 km (combustion and PHEV) */
  consumptionCombined: z.number().nonnegative().optional(),
  /** Combined power consumption, kWh/100 km (BEV and PHEV) */
  powerConsumptionCombined: z.number().nonnegative().optional(),
  /** PHEV with discharged battery, l/100 km */
  consumptionDischarged: z.number().nonnegative().optional(),
  co2Combined: z.number().int().nonnegative(),
  /** PHEV with discharged battery, g/km */
  co2Discharged: z.number().int().nonnegative().optional(),
  co2Class: Co2ClassSchema,
  co2ClassDischarged: Co2ClassSchema.optional(),
});
export type Wltp = z.infer<typeof WltpSchema>;

export const VehicleSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  brand: BrandKeySchema,
  /** Model line key, see domain/model-lines.ts */
  model: z.string(),
  /** Full model designation, e.g. "GLC 300 e 4MATIC" */
  modelName: z.string(),
  title: z.string(),
  condition: ConditionSchema,
  /** ISO month "2024-05"; absent for new vehicles */
  firstRegistration: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  constructionYear: z.number().int().min(1990).max(2100),
  mileageKm: z.number().int().nonnegative(),
  /** Purchase price incl. VAT and transfer costs, euros */
  price: euro,
  /** Manufacturer's list price for a discount label, euros */
  listPrice: euro.optional(),
  fuel: FuelSchema,
  transmission: TransmissionSchema,
  bodyStyle: BodyStyleSchema,
  category: CategorySchema,
  driveType: DriveTypeSchema,
  exteriorColor: z.string(),
  interiorColor: z.string(),
  interiorMaterial: InteriorMaterialSchema,
  seats: z.number().int().min(1).max(60),
  doors: z.number().int().min(0).max(6),
  powerHp: z.number().int().positive(),
  towbar: z.boolean(),
  /** Alloy wheels, rim diameter in inches (spec section 9: 13 to 23); absent for steel wheels. */
  alloyWheelInch: z.number().int().min(13).max(23).optional(),
  electricRangeKm: z.number().int().nonnegative().optional(),
  towingWeightKg: z.number().int().nonnegative().optional(),
  maxWeightKg: z.number().int().positive().optional(),
  drivenAxles: z.number().int().min(1).max(4).optional(),
  emissionClass: EmissionClassSchema,
  vatReportable: z.boolean(),
  warrantyMonths: z.number().int().nonnegative(),
  locationSlug: z.string(),
  /** Equipment feature keys, see domain/equipment.ts */
  equipment: z.array(z.string()),
  wltp: WltpSchema,
  /** What the stock feed says the center offers with this vehicle, one per kind; none: the page has no such section. */
  deliveryPackages: z
    .array(DeliveryPackageSchema)
    .max(DELIVERY_PACKAGE_KINDS.length)
    .refine((packages) => new Set(packages.map((item) => item.kind)).size === packages.length, "one package per kind")
    .default([]),
  /** At least one offer and one picture, typed so: `offers[0]` and `images[0]` are never undefined. */
  offers: z.tuple([OfferSchema], OfferSchema),
  images: z.tuple([z.string()], z.string()),
  /** The 360° view: a sprite of `frames` equal pictures side by side, the first facing left (ui/vehicle/photo-spinner.tsx). */
  spin: z.object({ sprite: z.string(), frames: z.number().int().min(4).max(72) }).optional(),
});
export type Vehicle = z.infer<typeof VehicleSchema>;
