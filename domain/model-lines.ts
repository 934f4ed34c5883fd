import type { BrandKey } from "./brands.ts";

/** Real model lines per brand (URL slug → display name); the catalogue behind /{brand}/modelle/{model}. */
export const MODEL_LINES: Record<BrandKey, Record<string, string>> = {
  "mercedes-benz": {
    "a-klasse": "A-Klasse",
    "b-klasse": "B-Klasse",
    "c-klasse": "C-Klasse",
    "e-klasse": "E-Klasse",
    "s-klasse": "S-Klasse",
    "cla-coupe": "CLA Coupé",
    "cle-coupe": "CLE Coupé",
    "gla-suv": "GLA SUV",
    "glb-suv": "GLB SUV",
    "glc-suv": "GLC SUV",
    "gle-suv": "GLE SUV",
    "gls-suv": "GLS SUV",
    "g-klasse": "G-Klasse",
    eqa: "EQA",
    eqb: "EQB",
    eqe: "EQE",
    eqs: "EQS",
    "amg-gt": "Mercedes-AMG GT",
    maybach: "Mercedes-Maybach S-Klasse",
    citan: "Citan",
    vito: "Vito",
    "v-klasse": "V-Klasse",
    sprinter: "Sprinter",
    esprinter: "eSprinter",
  },
  hyundai: {
    i10: "i10",
    i20: "i20",
    i30: "i30",
    bayon: "BAYON",
    kona: "KONA",
    tucson: "TUCSON",
    "santa-fe": "SANTA FE",
    "ioniq-5": "IONIQ 5",
    "ioniq-6": "IONIQ 6",
    inster: "INSTER",
  },
  smart: { "smart-1": "smart #1", "smart-3": "smart #3", "smart-5": "smart #5" },
  astonmartin: { db12: "DB12", vantage: "Vantage", dbx: "DBX707" },
  hymer: {
    "b-klasse-masterline": "B-Klasse MasterLine",
    "ml-t": "ML-T",
    exsis: "Exsis",
    "grand-canyon-s": "Grand Canyon S",
    free: "Free",
  },
  iveco: { daily: "Daily", "e-daily": "eDaily", eurocargo: "Eurocargo", "s-way": "S-Way" },
};

/** The model line's name, or null; an own key only ("constructor" or "__proto__" are no model lines). */
export function findModelLine(brand: BrandKey, model: string): string | null {
  const lines = MODEL_LINES[brand];
  return (Object.hasOwn(lines, model) ? lines[model] : undefined) ?? null;
}

/** The brand's model lines in catalogue order. */
export function modelLinesOf(brand: BrandKey): Array<{ slug: string; name: string }> {
  return Object.entries(MODEL_LINES[brand]).map(([slug, name]) => ({ slug, name }));
}
