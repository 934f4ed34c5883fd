import { EQUIPMENT, EQUIPMENT_GROUPS, type EquipmentGroup } from "./equipment.ts";
import {
  BODY_STYLE_LABELS,
  CONDITION_LABELS,
  DRIVE_LABELS,
  FUEL_LABELS,
  INTERIOR_MATERIAL_LABELS,
  TRANSMISSION_LABELS,
  formatPower,
  needsEnergyLabel,
} from "./vehicle-labels.ts";
import { formatKm, formatMonth } from "./format.ts";
import type { Vehicle } from "./vehicle.ts";
import { germanNumber } from "./german-number.ts";

/**
 * The rows of the compare page (spec section 2 "Compare page"): one value per vehicle,
 * and whether the values differ, so the page can mark differences and hide equal rows.
 * Pure; the route only lays the rows out.
 */

export type ComparisonRow =
  | { key: string; kind: "text"; label: string; values: string[]; differs: boolean }
  | { key: string; kind: "presence"; label: string; values: boolean[]; differs: boolean };

export interface ComparisonSection {
  key: string;
  label: string;
  rows: ComparisonRow[];
}

/** Shown where a vehicle has no value for a row. */
export const NO_VALUE = "–";

const NUMBER = germanNumber();
const DECIMAL = germanNumber({ min: 1, max: 1 });

function differs<T>(values: readonly T[]): boolean {
  return values.some((value) => value !== values[0]);
}

function textRow(key: string, label: string, vehicles: readonly Vehicle[], value: (vehicle: Vehicle) => string | undefined): ComparisonRow {
  const values = vehicles.map((vehicle) => value(vehicle) ?? NO_VALUE);
  return { key, kind: "text", label, values, differs: differs(values) };
}

/**
 * Sections of the comparison table; vehicle data, energy facts (Pkw-EnVKV) and every equipment
 * feature that at least one of the vehicles has, in catalogue order.
 *
 * @example comparisonSections([a, b], (slug) => names.get(slug))[0].rows[0] // { label: "Fahrzeugzustand", values: ["Neuwagen", "Gebrauchtwagen"], differs: true, … }
 */
export function comparisonSections(
  vehicles: readonly Vehicle[],
  locationName: (slug: string) => string | undefined,
  options: { wltp: boolean } = { wltp: true },
): ComparisonSection[] {
  const data: ComparisonRow[] = [
    textRow("condition", "Fahrzeugzustand", vehicles, (v) => CONDITION_LABELS[v.condition]),
    textRow("first-registration", "Erstzulassung", vehicles, (v) => (v.firstRegistration ? formatMonth(v.firstRegistration) : undefined)),
    textRow("construction-year", "Baujahr", vehicles, (v) => String(v.constructionYear)),
    textRow("mileage", "Kilometerstand", vehicles, (v) => formatKm(v.mileageKm)),
    textRow("power", "Leistung", vehicles, (v) => formatPower(v.powerHp)),
    textRow("fuel", "Kraftstoff", vehicles, (v) => FUEL_LABELS[v.fuel]),
    textRow("transmission", "Getriebe", vehicles, (v) => TRANSMISSION_LABELS[v.transmission]),
    textRow("body-style", "Karosserieform", vehicles, (v) => BODY_STYLE_LABELS[v.bodyStyle]),
    textRow("drive", "Antrieb", vehicles, (v) => DRIVE_LABELS[v.driveType]),
    textRow("exterior-color", "Außenfarbe", vehicles, (v) => v.exteriorColor),
    textRow("interior", "Innenausstattung", vehicles, (v) => `${INTERIOR_MATERIAL_LABELS[v.interiorMaterial]}, ${v.interiorColor}`),
    textRow("seats", "Sitzplätze", vehicles, (v) => String(v.seats)),
    textRow("doors", "Türen", vehicles, (v) => String(v.doors)),
    textRow("alloy-wheels", "Leichtmetallfelgen", vehicles, (v) => (v.alloyWheelInch ? `${v.alloyWheelInch} Zoll` : undefined)),
    textRow("warranty", "Garantie", vehicles, (v) => (v.warrantyMonths > 0 ? `${v.warrantyMonths} Monate` : "Keine")),
    textRow("location", "Standort", vehicles, (v) => locationName(v.locationSlug) ?? v.locationSlug),
  ];
  const energy: ComparisonRow[] = [
    textRow("consumption", "Kraftstoffverbrauch kombiniert", vehicles, (v) =>
      v.wltp.consumptionCombined === undefined ? undefined : `${DECIMAL.format(v.wltp.consumptionCombined)} l/100 km`,
    ),
    textRow("power-consumption", "Stromverbrauch kombiniert", vehicles, (v) =>
      v.wltp.powerConsumptionCombined === undefined ? undefined : `${DECIMAL.format(v.wltp.powerConsumptionCombined)} kWh/100 km`,
    ),
    textRow("co2", "CO₂-Emissionen kombiniert", vehicles, (v) => `${NUMBER.format(v.wltp.co2Combined)} g/km`),
    textRow("co2-class", "CO₂-Klasse", vehicles, (v) => v.wltp.co2Class),
    // Plug-in hybrids: the values with a discharged battery too, as on the detail page (Pkw-EnVKV).
    textRow("consumption-discharged", "Kraftstoffverbrauch bei entladener Batterie kombiniert", vehicles, (v) =>
      v.wltp.consumptionDischarged === undefined ? undefined : `${DECIMAL.format(v.wltp.consumptionDischarged)} l/100 km`,
    ),
    textRow("co2-discharged", "CO₂-Emissionen bei entladener Batterie kombiniert", vehicles, (v) =>
      v.wltp.co2Discharged === undefined ? undefined : `${NUMBER.format(v.wltp.co2Discharged)} g/km`,
    ),
    textRow("co2-class-discharged", "CO₂-Klasse bei entladener Batterie", vehicles, (v) => v.wltp.co2ClassDischarged),
    textRow("electric-range", "Elektrische Reichweite", vehicles, (v) => (v.electricRangeKm ? formatKm(v.electricRangeKm) : undefined)),
  ].filter((row) => row.values.some((value) => value !== NO_VALUE));
  const present = vehicles.map((vehicle) => new Set(vehicle.equipment));
  const equipment: ComparisonRow[] = (Object.keys(EQUIPMENT_GROUPS) as EquipmentGroup[]).flatMap((group) =>
    Object.entries(EQUIPMENT)
      .filter(([key, feature]) => feature.group === group && present.some((keys) => keys.has(key)))
      .map(([key, feature]): ComparisonRow => {
        const values = present.map((keys) => keys.has(key));
        return { key: `equipment-${key}`, kind: "presence", label: feature.label, values, differs: differs(values) };
      }),
  );
  return [
    { key: "data", label: "Fahrzeugdaten", rows: data },
    // Stock setting wltp; where Pkw-EnVKV requires the values (a new passenger car is compared) they stay.
    { key: "energy", label: "Verbrauch und Emissionen", rows: options.wltp || vehicles.some(needsEnergyLabel) ? energy : [] },
    { key: "equipment", label: "Ausstattung", rows: equipment },
  ].filter((section) => section.rows.length > 0);
}
