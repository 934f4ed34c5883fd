import type { BrandKey } from "#domain/brands.ts";
import type { BodyStyle, Fuel } from "#domain/vehicle-vocabulary.ts";

/**
 * Model variants the demo stock is generated from: real model lines with believable
 * designations, power, drivetrains and list prices (gross, euros, 2026). Consumption and
 * CO2 follow from fuel and power in the generator.
 */
export interface Variant {
  brand: BrandKey;
  model: string;
  name: string;
  body: BodyStyle;
  category: "passenger" | "van" | "truck";
  fuel: Fuel;
  hp: number;
  price: number;
  seats?: number;
  doors?: number;
  drive?: "front" | "rear" | "four";
  manual?: boolean;
  /** electric range in km (BEV, PHEV) */
  range?: number;
  maxWeightKg?: number;
}

type Row = [model: string, name: string, body: BodyStyle, fuel: Fuel, hp: number, price: number, extra?: Partial<Variant>];

const van = { category: "van" as const };
const truck = { category: "truck" as const };

const ROWS: Record<BrandKey, Row[]> = {
  "mercedes-benz": [
    ["a-klasse", "A 180", "hatchback", "petrol", 136, 36_900, { drive: "front" }],
    ["a-klasse", "A 200 d", "hatchback", "diesel", 150, 40_300, { drive: "front" }],
    ["a-klasse", "A 250 e", "hatchback", "pluginhybrid", 218, 46_200, { drive: "front", range: 71 }],
    ["a-klasse", "A 200 Limousine", "saloon", "mildhybrid", 163, 41_600, { drive: "front" }],
    ["b-klasse", "B 200", "high_entry", "mildhybrid", 163, 42_100, { drive: "front" }],
    ["b-klasse", "B 250 e", "high_entry", "pluginhybrid", 218, 49_500, { drive: "front", range: 73 }],
    ["c-klasse", "C 200 Limousine", "saloon", "mildhybrid", 204, 52_300],
    ["c-klasse", "C 220 d T-Modell", "estate", "hybrid-diesel", 200, 56_900],
    ["c-klasse", "C 300 e Limousine", "saloon", "pluginhybrid", 313, 61_400, { range: 111 }],
    ["e-klasse", "E 220 d Limousine", "saloon", "hybrid-diesel", 197, 64_900],
    ["e-klasse", "E 300 e T-Modell", "estate", "pluginhybrid", 313, 74_300, { range: 107 }],
    ["e-klasse", "E 450 4MATIC All-Terrain", "estate", "mildhybrid", 381, 89_200, { drive: "four" }],
    ["s-klasse", "S 450 4MATIC", "saloon", "mildhybrid", 381, 125_700, { drive: "four" }],
    ["s-klasse", "S 580 e", "saloon", "pluginhybrid", 510, 146_300, { range: 102 }],
    ["cla-coupe", "CLA 200 Coupé", "coupe", "mildhybrid", 163, 47_500, { drive: "front" }],
    ["cla-coupe", "CLA 250+ mit EQ Technologie", "coupe", "electric", 272, 55_800, { range: 792 }],
    ["cle-coupe", "CLE 200 Coupé", "coupe", "mildhybrid", 204, 60_600],
    ["cle-coupe", "CLE 300 4MATIC Cabriolet", "convertible", "mildhybrid", 258, 72_900, { drive: "four", seats: 4, doors: 2 }],
    ["gla-suv", "GLA 200", "suv", "mildhybrid", 163, 45_900, { drive: "front" }],
    ["gla-suv", "GLA 250 e", "suv", "pluginhybrid", 218, 53_100, { drive: "front", range: 69 }],
    ["glb-suv", "GLB 200 d 4MATIC", "family", "diesel", 150, 51_800, { drive: "four", seats: 7 }],
    ["glc-suv", "GLC 220 d 4MATIC", "suv", "hybrid-diesel", 197, 64_400, { drive: "four" }],
    ["glc-suv", "GLC 300 e 4MATIC", "suv", "pluginhybrid", 313, 72_200, { drive: "four", range: 124 }],
    ["glc-suv", "GLC 300 4MATIC Coupé", "coupe", "mildhybrid", 258, 73_900, { drive: "four" }],
    ["gle-suv", "GLE 350 de 4MATIC", "suv", "pluginhybrid", 333, 92_100, { drive: "four", range: 106 }],
    ["gle-suv", "GLE 450 4MATIC", "suv", "mildhybrid", 381, 95_600, { drive: "four" }],
    ["gls-suv", "GLS 450 4MATIC", "family", "mildhybrid", 381, 121_300, { drive: "four", seats: 7 }],
    ["g-klasse", "G 500", "suv", "mildhybrid", 449, 152_100, { drive: "four" }],
    ["g-klasse", "G 580 mit EQ Technologie", "suv", "electric", 587, 142_700, { drive: "four", range: 473 }],
    ["eqa", "EQA 250+", "suv", "electric", 190, 50_600, { drive: "front", range: 528 }],
    ["eqb", "EQB 250+", "family", "electric", 190, 53_700, { drive: "front", range: 500, seats: 7 }],
    ["eqe", "EQE 350+ Limousine", "saloon", "electric", 292, 69_700, { drive: "rear", range: 615 }],
    ["eqe", "EQE 350 4MATIC SUV", "suv", "electric", 292, 84_400, { drive: "four", range: 541 }],
    ["eqs", "EQS 450+", "saloon", "electric", 360, 112_900, { drive: "rear", range: 780 }],
    ["amg-gt", "Mercedes-AMG GT 63 4MATIC+ Coupé", "coupe", "petrol", 585, 191_400, { drive: "four", seats: 4, doors: 2 }],
    ["maybach", "Mercedes-Maybach S 580 4MATIC", "saloon", "mildhybrid", 503, 222_600, { drive: "four" }],
    [
      "citan",
      "Citan 110 CDI Kastenwagen",
      "panelvan",
      "diesel",
      95,
      26_400,
      { ...van, seats: 2, drive: "front", manual: true, maxWeightKg: 2_200 },
    ],
    ["citan", "Citan Tourer 113", "passengertransport", "petrol", 131, 33_100, { ...van, seats: 5, drive: "front" }],
    ["vito", "Vito 116 CDI Kastenwagen", "panelvan", "diesel", 163, 45_700, { ...van, seats: 3, maxWeightKg: 3_200 }],
    ["vito", "Vito 114 CDI Mixto", "deliveryvan", "diesel", 136, 43_900, { ...van, seats: 6, maxWeightKg: 3_100 }],
    ["vito", "eVito Tourer", "passengertransport", "electric", 204, 66_200, { ...van, seats: 9, range: 356 }],
    ["v-klasse", "V 220 d AVANTGARDE", "mpv", "diesel", 163, 70_300, { seats: 7 }],
    ["v-klasse", "V 300 d 4MATIC EXCLUSIVE", "mpv", "diesel", 237, 86_900, { seats: 7, drive: "four" }],
    ["sprinter", "Sprinter 317 CDI Kastenwagen", "panelvan", "diesel", 170, 55_200, { ...van, seats: 3, maxWeightKg: 3_500 }],
    ["sprinter", "Sprinter 319 CDI Pritsche", "openbody", "diesel", 190, 52_700, { ...van, seats: 3, maxWeightKg: 3_500 }],
    ["sprinter", "Sprinter 516 CDI Fahrgestell", "chassiscab", "diesel", 163, 50_100, { ...van, seats: 3, maxWeightKg: 5_000 }],
    ["sprinter", "Sprinter 317 CDI Koffer", "boxbody", "diesel", 170, 61_800, { ...van, seats: 3, maxWeightKg: 3_500 }],
    ["sprinter", "Sprinter 316 CDI Kühlkoffer", "frigo", "diesel", 163, 74_500, { ...van, seats: 3, maxWeightKg: 3_500 }],
    ["sprinter", "Sprinter 519 CDI Kipper", "tipper", "diesel", 190, 66_900, { ...van, seats: 3, maxWeightKg: 5_000, drive: "rear" }],
    ["sprinter", "Sprinter 317 CDI Plane und Spriegel", "tarpaulin", "diesel", 170, 58_300, { ...van, seats: 3, maxWeightKg: 3_500 }],
    ["sprinter", "Sprinter Tourer 317 CDI", "passengertransport", "diesel", 170, 71_400, { ...van, seats: 9 }],
    [
      "esprinter",
      "eSprinter Kastenwagen 113 kWh",
      "panelvan",
      "electric",
      204,
      82_300,
      { ...van, seats: 3, range: 478, maxWeightKg: 4_250 },
    ],
  ],
  hyundai: [
    ["i10", "i10 1.0 Trend", "compact", "petrol", 63, 16_900, { drive: "front", manual: true, seats: 4 }],
    ["i20", "i20 1.0 T-GDI Trend", "hatchback", "petrol", 100, 22_800, { drive: "front", manual: true }],
    ["i30", "i30 Kombi 1.5 T-GDI 48V", "estate", "mildhybrid", 140, 30_900, { drive: "front" }],
    ["i30", "i30 1.0 T-GDI Select", "hatchback", "petrol", 120, 25_600, { drive: "front", manual: true }],
    ["bayon", "BAYON 1.0 T-GDI", "high_entry", "petrol", 100, 23_300, { drive: "front" }],
    ["kona", "KONA Elektro 65,4 kWh", "suv", "electric", 218, 45_400, { drive: "front", range: 514 }],
    ["kona", "KONA 1.6 T-GDI Hybrid", "suv", "hybrid-petrol", 141, 36_700, { drive: "front" }],
    ["tucson", "TUCSON 1.6 T-GDI Plug-in-Hybrid 4WD", "suv", "pluginhybrid", 253, 48_900, { drive: "four", range: 62 }],
    ["tucson", "TUCSON 1.6 CRDi 48V", "suv", "hybrid-diesel", 136, 38_600, { drive: "front" }],
    ["santa-fe", "SANTA FE 1.6 T-GDI HEV 4WD", "family", "hybrid-petrol", 215, 52_900, { drive: "four", seats: 7 }],
    ["ioniq-5", "IONIQ 5 84 kWh", "suv", "electric", 229, 52_600, { drive: "rear", range: 570 }],
    ["ioniq-6", "IONIQ 6 77,4 kWh", "saloon", "electric", 229, 50_900, { drive: "rear", range: 614 }],
    ["inster", "INSTER 49 kWh", "compact", "electric", 115, 27_100, { drive: "front", range: 370, seats: 4 }],
  ],
  smart: [
    ["smart-1", "smart #1 Pro+", "suv", "electric", 272, 43_490, { drive: "rear", range: 420 }],
    ["smart-1", "smart #1 BRABUS", "suv", "electric", 428, 52_490, { drive: "four", range: 400 }],
    ["smart-3", "smart #3 Premium", "coupe", "electric", 272, 46_490, { drive: "rear", range: 455 }],
    ["smart-5", "smart #5 Pulse", "suv", "electric", 587, 56_900, { drive: "four", range: 550 }],
  ],
  astonmartin: [
    ["db12", "DB12 Coupé", "coupe", "petrol", 680, 251_000, { drive: "rear", seats: 4, doors: 2 }],
    ["db12", "DB12 Volante", "convertible", "petrol", 680, 266_000, { drive: "rear", seats: 4, doors: 2 }],
    ["vantage", "Vantage Coupé", "coupe", "petrol", 665, 191_000, { drive: "rear", seats: 2, doors: 2 }],
    ["dbx", "DBX707", "suv", "petrol", 707, 262_000, { drive: "four" }],
  ],
  hymer: [
    ["b-klasse-masterline", "B-Klasse MasterLine I 890", "integrated", "diesel", 170, 152_900, { ...van, seats: 4, maxWeightKg: 4_500 }],
    [
      "b-klasse-masterline",
      "B-Klasse MasterLine T 780",
      "semi_integrated",
      "diesel",
      170,
      139_900,
      { ...van, seats: 4, maxWeightKg: 4_500 },
    ],
    ["ml-t", "ML-T 580 4x4", "semi_integrated", "diesel", 190, 104_500, { ...van, seats: 4, drive: "four", maxWeightKg: 4_100 }],
    ["exsis", "Exsis-i 580", "integrated", "diesel", 140, 86_900, { ...van, seats: 4, drive: "front", maxWeightKg: 3_500 }],
    ["grand-canyon-s", "Grand Canyon S 4x4", "campervan", "diesel", 190, 96_400, { ...van, seats: 4, drive: "four", maxWeightKg: 3_880 }],
    ["free", "Free 600 Campus", "campervan", "diesel", 140, 61_900, { ...van, seats: 4, drive: "front", maxWeightKg: 3_500 }],
    ["free", "Free 540 Blue Evolution", "alcove", "diesel", 140, 58_400, { ...van, seats: 4, drive: "front", maxWeightKg: 3_500 }],
  ],
  iveco: [
    ["daily", "Daily 35S16 Kastenwagen", "panelvan", "diesel", 160, 48_600, { ...van, seats: 3, drive: "rear", maxWeightKg: 3_500 }],
    ["daily", "Daily 35S18 Kipper", "tipper", "diesel", 180, 55_900, { ...van, seats: 3, drive: "rear", maxWeightKg: 3_500 }],
    ["daily", "Daily 70C18 Fahrgestell", "chassiscab", "diesel", 180, 61_200, { ...van, seats: 3, drive: "rear", maxWeightKg: 7_200 }],
    ["daily", "Daily Minibus 50C18", "passengertransport", "diesel", 180, 98_500, { ...van, seats: 19, drive: "rear", maxWeightKg: 5_600 }],
    [
      "e-daily",
      "eDaily 42S14 Kastenwagen",
      "panelvan",
      "electric",
      140,
      96_300,
      { ...van, seats: 3, drive: "rear", range: 400, maxWeightKg: 4_250 },
    ],
    [
      "eurocargo",
      "Eurocargo 75E21 Koffer",
      "boxbody",
      "diesel",
      210,
      91_700,
      { ...truck, seats: 3, drive: "rear", maxWeightKg: 7_490, manual: true },
    ],
    [
      "eurocargo",
      "Eurocargo 120E25 Plane",
      "tarpaulin",
      "diesel",
      250,
      104_200,
      { ...truck, seats: 3, drive: "rear", maxWeightKg: 12_000 },
    ],
    [
      "eurocargo",
      "Eurocargo 120E25 Wechselbrücke",
      "containertransport",
      "diesel",
      250,
      99_800,
      { ...truck, seats: 3, drive: "rear", maxWeightKg: 12_000 },
    ],
    [
      "eurocargo",
      "Eurocargo 160E28 Kühlkoffer",
      "frigo",
      "diesel",
      280,
      128_900,
      { ...truck, seats: 3, drive: "rear", maxWeightKg: 16_000 },
    ],
    [
      "s-way",
      "S-Way AS 440S49 Sattelzugmaschine",
      "standardtractor",
      "diesel",
      490,
      132_400,
      { ...truck, seats: 2, drive: "rear", maxWeightKg: 18_000 },
    ],
  ],
};

export const VARIANTS: Variant[] = Object.entries(ROWS).flatMap(([brand, rows]) =>
  rows.map(([model, name, body, fuel, hp, price, extra]) => ({
    brand: brand as BrandKey,
    model,
    name,
    body,
    category: "passenger" as const,
    fuel,
    hp,
    price,
    ...extra,
  })),
);

/** Share of the stock per brand: a Mercedes-Benz group with partner brands. */
export const BRAND_WEIGHTS: Record<BrandKey, number> = {
  "mercedes-benz": 60,
  hyundai: 16,
  smart: 6,
  astonmartin: 2,
  hymer: 8,
  iveco: 8,
};

export const COLORS = [
  { name: "Polarweiß", key: "white", hex: "#f2f2ef" },
  { name: "Obsidianschwarz metallic", key: "black", hex: "#16181b" },
  { name: "Selenitgrau metallic", key: "grey", hex: "#5c6066" },
  { name: "Hightechsilber metallic", key: "silver", hex: "#b9bdc1" },
  { name: "Spektralblau metallic", key: "blue", hex: "#1d3a6b" },
  { name: "Patagonienrot metallic", key: "red", hex: "#8d1a1f" },
  { name: "Smaragdgrün metallic", key: "green", hex: "#1f4a3a" },
  { name: "Kalaharibeige metallic", key: "beige", hex: "#bfae92" },
] as const;

export const INTERIOR_COLORS = ["Schwarz", "Macchiatobeige", "Neva Grau", "Siena Braun", "Tiefseeblau"] as const;
