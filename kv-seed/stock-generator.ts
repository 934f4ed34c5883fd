import { BRAND_KEYS, BRAND_NAMES, type BrandKey } from "#domain/brands.ts";
import { co2ClassFor } from "#domain/co2-class.ts";
import { VehicleSchema, type Vehicle } from "#domain/vehicle.ts";
import type { Condition } from "#domain/vehicle-vocabulary.ts";
import { DEMO_LOCATIONS } from "./demo-locations.ts";
import { BRAND_WEIGHTS, COLORS, INTERIOR_COLORS, VARIANTS, type Variant } from "./stock-catalogue.ts";
import { spinSpritePath, SPIN_FRAMES } from "./vehicle-images.ts";
import { slugify } from "#domain/slug.ts";

/**
 * Deterministic demo stock: the same seed always gives the same vehicles, so
 * tests, screenshots and benchmarks are reproducible. `generateStock(3_000)` is the demo,
 * `generateStock(50_000)` the scale benchmark.
 */
export const STOCK_SEED = 20_261_122;
export const FIRST_GENERATED_ID = 200_001;
const CURRENT_YEAR = 2026;
/** Transfer and registration costs included in every purchase total (PAngV). */
export const TRANSFER_COST_EURO = 1_190;

/** mulberry32: tiny, fast, good enough for demo data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
  };
}
type Random = ReturnType<typeof createRandom>;

export { slugify };

const VARIANTS_BY_BRAND = new Map<BrandKey, Variant[]>(
  BRAND_KEYS.map((brand) => [brand, VARIANTS.filter((variant) => variant.brand === brand)]),
);
const BRAND_TICKETS = BRAND_KEYS.flatMap((brand) => Array.from({ length: BRAND_WEIGHTS[brand] }, () => brand));

function pickCondition(random: Random): Condition {
  const roll = random.next();
  if (roll < 0.3) return "new";
  if (roll < 0.4) return "day_registration";
  if (roll < 0.52) return "demonstrator";
  return "used";
}

const SHAPES: Record<string, string> = {
  hatchback: "hatchback",
  compact: "hatchback",
  high_entry: "hatchback",
  saloon: "saloon",
  coupe: "coupe",
  convertible: "convertible",
  estate: "estate",
  suv: "suv",
  family: "suv",
  mpv: "van",
  electric: "hatchback",
  hybrid: "hatchback",
  company_car: "saloon",
  panelvan: "van",
  deliveryvan: "van",
  passengertransport: "van",
  chassiscab: "truck",
  openbody: "truck",
  tipper: "truck",
  boxbody: "truck",
  frigo: "truck",
  tarpaulin: "truck",
  containertransport: "truck",
  standardtractor: "tractor",
  campervan: "van",
  semi_integrated: "camper",
  integrated: "camper",
  alcove: "camper",
};

export function imageShape(body: string): string {
  return SHAPES[body] ?? "saloon";
}

function equipmentFor(variant: Variant, random: Random): string[] {
  const premium = variant.price > 60_000;
  const keys = new Set(["abs", "esp", "front_airbags", "immobilizer", "bluetooth", "dab_radio", "led_headlights", "isofix"]);
  const maybe = (key: string, probability: number) => random.chance(probability) && keys.add(key);
  if (variant.category === "passenger") {
    ["side_airbags", "curtain_airbags", "apple_carplay", "android_auto", "emergency_brake_assist", "lane_keeping_assist"].forEach((key) =>
      keys.add(key),
    );
    keys.add(premium || random.chance(0.6) ? "climate_control" : "air_conditioning");
    maybe("cruise_control", 0.75);
    maybe("adaptive_cruise_control", premium ? 0.8 : 0.3);
    maybe("parking_sensors", 0.8);
    maybe("rear_camera", 0.7);
    maybe("camera_360", premium ? 0.6 : 0.1);
    maybe("parking_assist", premium ? 0.5 : 0.15);
    maybe("navigation", 0.7);
    maybe("heated_seats", 0.7);
    maybe("keyless_go", premium ? 0.8 : 0.3);
    maybe("panoramic_roof", 0.25);
    maybe("head_up_display", premium ? 0.5 : 0.05);
    maybe("ventilated_seats", premium ? 0.3 : 0);
    maybe("electric_seats", premium ? 0.6 : 0.1);
    maybe("premium_sound", premium ? 0.5 : 0.1);
    maybe("ambient_lighting", 0.5);
    maybe("matrix_headlights", premium ? 0.6 : 0.1);
    maybe("high_beam_assist", 0.5);
    maybe("blind_spot_assist", 0.5);
    maybe("traffic_sign_assist", 0.6);
    maybe("wireless_charging", 0.5);
    maybe("alloy_wheels", 0.9);
    maybe("rain_sensor", 0.8);
    maybe("alarm_system", premium ? 0.6 : 0.2);
    maybe("knee_airbag", premium ? 0.5 : 0.1);
    maybe("tow_bar", variant.body === "suv" || variant.body === "estate" || variant.body === "family" ? 0.45 : 0.12);
    maybe("roof_rails", variant.body === "estate" || variant.body === "suv" ? 0.6 : 0);
    maybe("electric_tailgate", premium ? 0.7 : 0.2);
    maybe("tinted_windows", 0.35);
  } else {
    keys.add("side_airbags");
    keys.add(random.chance(0.7) ? "air_conditioning" : "climate_control");
    maybe("cruise_control", 0.7);
    maybe("parking_sensors", 0.6);
    maybe("rear_camera", 0.5);
    maybe("navigation", 0.5);
    maybe("apple_carplay", 0.5);
    maybe("tow_bar", 0.4);
    maybe("auxiliary_heating", 0.3);
    maybe("alarm_system", 0.25);
    if (["panelvan", "deliveryvan"].includes(variant.body)) {
      maybe("sliding_door", 0.9);
      maybe("partition_wall", 0.8);
      maybe("wooden_floor", 0.6);
    }
    if (["campervan", "semi_integrated", "integrated", "alcove"].includes(variant.body)) {
      keys.add(variant.body === "alcove" ? "berth_alcove" : random.pick(["berth_single_beds", "berth_queen_bed"]));
      if (variant.body === "integrated" || random.chance(0.3)) keys.add("berth_pull_down_bed");
      keys.add(random.pick(["lounge_l_shape", "lounge_face_to_face", "lounge_half_dinette"]));
      maybe("solar_panel", 0.6);
      maybe("awning", 0.7);
      maybe("bike_rack", 0.5);
      maybe("wet_room", variant.price > 80_000 ? 0.8 : 0.3);
      maybe("auxiliary_heating", 0.6);
    }
  }
  return [...keys].sort();
}

const round = (value: number, step: number) => Math.round(value / step) * step;

/** Annuity instalment for a loan, e.g. 30,000 € over 48 months at 5.99 % → monthly rate. */
export function monthlyAnnuity(principal: number, annualRatePercent: number, months: number, balloon = 0): number {
  const rate = annualRatePercent / 100 / 12;
  if (rate === 0) return (principal - balloon) / months;
  const factor = (1 + rate) ** months;
  return ((principal - balloon / factor) * rate * factor) / (factor - 1);
}

/** The captive or partner bank that finances each brand (demo data, names of real lenders). */
const FINANCE_BANKS: Record<BrandKey, string> = {
  "mercedes-benz": "Mercedes-Benz Bank AG",
  smart: "Mercedes-Benz Bank AG",
  hyundai: "Hyundai Capital Bank Europe GmbH",
  astonmartin: "Santander Consumer Bank AG",
  hymer: "Santander Consumer Bank AG",
  iveco: "CNH Industrial Capital Europe",
};

/**
 * The selling center's delivery packages (no random draw, so the rest of the stock stays as it
 * was): pick-up included everywhere; the registration service priced by center; home delivery by
 * center and size, not offered for trucks (delivered by the manufacturer's logistics).
 */
export function deliveryPackagesFor(locationSlug: string, category: Vehicle["category"]): Vehicle["deliveryPackages"] {
  let hash = 0;
  for (const character of locationSlug) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) % 9_973;
  const packages: Vehicle["deliveryPackages"] = [
    { kind: "pickup", price: 0 },
    { kind: "registration", price: [199, 229, 249, 279][hash % 4] ?? 249 },
  ];
  if (category === "passenger") packages.push({ kind: "home_delivery", price: [490, 590, 690][hash % 3] ?? 590 });
  else if (category === "van") packages.push({ kind: "home_delivery", price: [790, 890, 990][hash % 3] ?? 890 });
  return packages;
}

function offersFor(vehicle: { price: number; condition: Condition; category: string; brand: BrandKey }, random: Random): Vehicle["offers"] {
  const offers: Vehicle["offers"] = [
    { type: "purchase", price: vehicle.price, totalPrice: vehicle.price, transferCost: TRANSFER_COST_EURO },
  ];
  const months = random.pick([36, 48, 60]);
  const downPayment = round(vehicle.price * random.pick([0.1, 0.15, 0.2]), 100);
  const borrowingRate = random.pick([3.49, 3.99, 4.49, 4.99, 5.49]);
  const effectiveRate = Number(((1 + borrowingRate / 1200) ** 12 * 100 - 100).toFixed(2));
  const netLoanAmount = vehicle.price - downPayment;
  const balloon = round(vehicle.price * (vehicle.condition === "used" ? 0.3 : 0.4), 10);
  const installment = Math.ceil(monthlyAnnuity(netLoanAmount, effectiveRate, months, balloon));
  const total = downPayment + installment * (months - 1) + balloon;
  const finance = {
    price: installment,
    downPayment,
    monthlyInstallment: installment,
    contractDurationMonths: months,
    annualDistanceKm: 10_000,
    netLoanAmount,
    grossCreditAmount: total - downPayment,
    totalPrice: total,
    remainingBalance: balloon,
    interestRate: effectiveRate,
    borrowingRate,
    fixedInterestPeriod: "gesamte Vertragslaufzeit",
    installmentProtection: false,
    bank: FINANCE_BANKS[vehicle.brand],
  };
  if (random.chance(0.85)) offers.push({ type: "private_finance", ...finance });
  if (random.chance(0.7))
    offers.push({
      type: "business_finance",
      ...finance,
      price: Math.round(installment / 1.19),
      monthlyInstallment: Math.round(installment / 1.19),
    });
  if (vehicle.condition !== "used" || random.chance(0.3)) {
    const leaseMonths = random.pick([24, 36, 48]);
    const residual = vehicle.price * (0.62 - leaseMonths * 0.004);
    const lease = Math.ceil(monthlyAnnuity(vehicle.price * 0.95, 4.9, leaseMonths, residual));
    const common = {
      contractDurationMonths: leaseMonths,
      annualDistanceKm: random.pick([10_000, 15_000, 20_000]),
      downPayment: 0,
      transferCost: TRANSFER_COST_EURO,
    };
    offers.push({
      type: "private_lease",
      price: lease,
      monthlyInstallment: lease,
      totalPrice: lease * leaseMonths + TRANSFER_COST_EURO,
      ...common,
    });
    if (random.chance(0.8)) {
      const net = Math.round(lease / 1.19);
      offers.push({ type: "business_lease", price: net, monthlyInstallment: net, ...common });
    }
  }
  return offers;
}

export function wltpFor(variant: Variant, random: Random): Vehicle["wltp"] {
  const heavy = variant.category !== "passenger" ? 1.6 : 1;
  const jitter = () => 0.92 + random.next() * 0.16;
  switch (variant.fuel) {
    case "electric": {
      const kwh = Number(((13.5 + variant.hp * 0.012) * heavy * jitter()).toFixed(1));
      return { powerConsumptionCombined: kwh, co2Combined: 0, co2Class: "A" };
    }
    case "pluginhybrid": {
      const litres = Number((0.6 + random.next() * 1.2).toFixed(1));
      const co2 = Math.round(litres * 22.8);
      const discharged = Number(((6 + variant.hp * 0.006) * jitter()).toFixed(1));
      const co2Discharged = Math.round(discharged * 23.3);
      return {
        consumptionCombined: litres,
        powerConsumptionCombined: Number((17 + random.next() * 6).toFixed(1)),
        consumptionDischarged: discharged,
        co2Combined: co2,
        co2Class: co2ClassFor(co2),
        co2Discharged,
        co2ClassDischarged: co2ClassFor(co2Discharged),
      };
    }
    default: {
      const diesel = variant.fuel === "diesel" || variant.fuel === "hybrid-diesel";
      const base = diesel ? 3.6 + variant.hp * 0.011 : 4.3 + variant.hp * 0.013;
      const factor = variant.fuel === "mildhybrid" ? 0.95 : variant.fuel.startsWith("hybrid") ? 0.85 : 1;
      const litres = Number((base * factor * heavy * jitter()).toFixed(1));
      const co2 = Math.round(litres * (diesel ? 26.4 : 23.3));
      return { consumptionCombined: litres, co2Combined: co2, co2Class: co2ClassFor(co2) };
    }
  }
}

export interface VehicleOverrides {
  id: number;
  variantName?: string;
  condition?: Condition;
  slug?: string;
  locationSlug?: string;
}

/** Builds one vehicle; everything not overridden comes from a PRNG seeded by the id. */
export function buildVehicle(overrides: VehicleOverrides): Vehicle {
  const random = createRandom(STOCK_SEED ^ Math.imul(overrides.id, 2_654_435_761));
  const brand = random.pick(BRAND_TICKETS);
  const variant = overrides.variantName
    ? (VARIANTS.find((candidate) => candidate.name === overrides.variantName) ?? raise(`unknown variant ${overrides.variantName}`))
    : random.pick(VARIANTS_BY_BRAND.get(brand)!);
  const condition = overrides.condition ?? pickCondition(random);
  const ageYears = condition === "used" ? random.int(1, 9) : condition === "demonstrator" ? random.int(0, 1) : 0;
  const constructionYear = CURRENT_YEAR - ageYears - (condition === "new" ? 0 : random.int(0, 1) && ageYears > 0 ? 1 : 0);
  const registrationYear = Math.max(constructionYear, CURRENT_YEAR - ageYears);
  const firstRegistration =
    condition === "new"
      ? undefined
      : `${registrationYear}-${String(random.int(1, registrationYear === CURRENT_YEAR ? 10 : 12)).padStart(2, "0")}`;
  const mileageKm =
    condition === "new"
      ? random.int(5, 50)
      : condition === "day_registration"
        ? random.int(10, 150)
        : condition === "demonstrator"
          ? random.int(1_500, 15_000)
          : round(Math.max(1, ageYears) * random.int(8_000, variant.category === "passenger" ? 18_000 : 30_000), 10);
  const equipment = equipmentFor(variant, random);
  const optionsValue = equipment.length * round(variant.price * 0.004, 10);
  const listPrice = round(variant.price + optionsValue, 10);
  const discount =
    condition === "new"
      ? random.int(0, 8) / 100
      : condition === "day_registration"
        ? random.int(12, 20) / 100
        : condition === "demonstrator"
          ? random.int(10, 22) / 100
          : Math.min(0.75, 0.12 + ageYears * 0.08 + mileageKm / 1_500_000);
  const price = round(listPrice * (1 - discount), 10) - 10 + TRANSFER_COST_EURO;
  const color = random.pick(COLORS);
  const locations = DEMO_LOCATIONS.filter((location) => (location.brands as readonly string[]).includes(variant.brand));
  const locationSlug = overrides.locationSlug ?? random.pick(locations).slug;
  const title = vehicleTitle(variant);
  const shape = imageShape(variant.body);
  const electrified = variant.fuel === "electric" || variant.fuel === "pluginhybrid";
  const picture = (view: number) => `/images/vehicles/${shape}-${color.key}-${view}.svg`;
  const vehicle: Vehicle = {
    id: overrides.id,
    slug: overrides.slug ?? slugify(title),
    brand: variant.brand,
    model: variant.model,
    modelName: variant.name,
    title,
    condition,
    firstRegistration,
    constructionYear,
    mileageKm,
    price,
    listPrice: condition === "used" ? undefined : listPrice + TRANSFER_COST_EURO,
    fuel: variant.fuel,
    transmission: variant.manual && random.chance(0.8) ? "manual" : "automatic",
    bodyStyle: variant.body,
    category: variant.category,
    driveType: variant.drive ?? (random.chance(0.3) ? "four" : "rear"),
    exteriorColor: color.name,
    interiorColor: random.pick(INTERIOR_COLORS),
    interiorMaterial:
      variant.price > 70_000
        ? random.pick(["leather", "partial_leather"] as const)
        : random.pick(["fabric", "artificial_leather", "partial_leather"] as const),
    seats: variant.seats ?? 5,
    doors: variant.doors ?? (variant.category === "passenger" ? (variant.body === "coupe" ? 2 : 5) : 4),
    powerHp: variant.hp,
    towbar: equipment.includes("tow_bar"),
    alloyWheelInch: alloyWheelInch(variant, overrides.id),
    electricRangeKm: electrified ? variant.range : undefined,
    towingWeightKg: variant.category === "passenger" ? round(variant.hp * 8 + 600, 100) : round((variant.maxWeightKg ?? 3_500) * 0.8, 100),
    maxWeightKg: variant.maxWeightKg ?? round(1_500 + variant.hp * 3, 10),
    drivenAxles: variant.drive === "four" ? 2 : 1,
    emissionClass: constructionYear >= 2021 ? "euro6d" : constructionYear >= 2018 ? "euro6d-temp" : "euro6",
    vatReportable: condition !== "used" || random.chance(0.6),
    warrantyMonths: condition === "used" ? random.pick([12, 24]) : 24,
    locationSlug,
    equipment,
    wltp: wltpFor(variant, random),
    // Drawn after every other random property, as before the offers were typed non-empty.
    deliveryPackages: deliveryPackagesFor(locationSlug, variant.category),
    offers: offersFor({ price, condition, category: variant.category, brand: variant.brand }, random),
    images: [picture(1), picture(2), picture(3), picture(4)],
    // Most vehicles were photographed on the turntable; every fifth was not (no 360° view).
    spin: overrides.id % 5 === 0 ? undefined : { sprite: spinSpritePath(shape, color.key), frames: SPIN_FRAMES },
  };
  return VehicleSchema.parse(vehicle);
}

/**
 * Alloy wheel size by price class, one inch more on every other vehicle (no random draw, so the
 * rest of the generated stock stays as it was): small cars 13–15", the middle 16–19", the top
 * 20–23". Tractor units and tippers run on steel wheels.
 */
const WHEEL_TIERS: ReadonlyArray<[priceBelow: number, inches: number]> = [
  [18_000, 13],
  [23_000, 14],
  [28_000, 15],
  [36_000, 16],
  [48_000, 17],
  [62_000, 18],
  [80_000, 19],
  [110_000, 20],
  [160_000, 21],
  [230_000, 22],
];

export function alloyWheelInch(variant: Pick<Variant, "price" | "body">, id: number): number | undefined {
  if (variant.body === "standardtractor" || variant.body === "tipper") return undefined;
  const base = WHEEL_TIERS.find(([limit]) => variant.price < limit)?.[1] ?? 22;
  return Math.min(23, base + (id % 2));
}

/** "Mercedes-Benz C 200", but "smart #1 Pro+" and "Mercedes-AMG GT 63" already carry their brand. */
export function vehicleTitle(variant: Pick<Variant, "brand" | "name">): string {
  const brand = BRAND_NAMES[variant.brand];
  const named = variant.name.toLowerCase().startsWith(brand.toLowerCase()) || /^Mercedes-/.test(variant.name);
  return named ? variant.name : `${brand} ${variant.name}`;
}

function raise(message: string): never {
  throw new Error(message);
}

/** `count` vehicles with ids FIRST_GENERATED_ID, FIRST_GENERATED_ID + 1, … */
export function generateStock(count: number): Vehicle[] {
  return Array.from({ length: count }, (_, index) => buildVehicle({ id: FIRST_GENERATED_ID + index }));
}
