import { formatKm } from "./format.ts";
import type { Vehicle } from "./vehicle.ts";
import { germanNumber } from "./german-number.ts";

/** One labelled fact of a vehicle as the pages show it. */
export interface Row {
  label: string;
  value: string;
}

const NUMBER = germanNumber();
const DECIMAL = germanNumber({ min: 1, max: 1 });

/**
 * Pkw-EnVKV facts (energy consumption labelling). Combustion: combined consumption and CO2;
 * BEV: power consumption and range; PHEV: both, weighted combined, plus the second CO2 class
 * with a discharged battery.
 */
export function energyRows(vehicle: Pick<Vehicle, "fuel" | "wltp" | "electricRangeKm">): Row[] {
  const { wltp } = vehicle;
  const rows: Row[] = [];
  const plugIn = vehicle.fuel === "pluginhybrid";
  if (wltp.consumptionCombined !== undefined) {
    rows.push({
      label: plugIn ? "Kraftstoffverbrauch gewichtet kombiniert" : "Kraftstoffverbrauch kombiniert",
      value: `${DECIMAL.format(wltp.consumptionCombined)} l/100 km`,
    });
  }
  if (wltp.powerConsumptionCombined !== undefined) {
    rows.push({
      label: plugIn ? "Stromverbrauch gewichtet kombiniert" : "Stromverbrauch kombiniert",
      value: `${DECIMAL.format(wltp.powerConsumptionCombined)} kWh/100 km`,
    });
  }
  rows.push({
    label: plugIn ? "CO₂-Emissionen gewichtet kombiniert" : "CO₂-Emissionen kombiniert",
    value: `${NUMBER.format(wltp.co2Combined)} g/km`,
  });
  rows.push({ label: plugIn ? "CO₂-Klasse gewichtet kombiniert" : "CO₂-Klasse", value: wltp.co2Class });
  if (plugIn && wltp.consumptionDischarged !== undefined) {
    rows.push({
      label: "Kraftstoffverbrauch bei entladener Batterie kombiniert",
      value: `${DECIMAL.format(wltp.consumptionDischarged)} l/100 km`,
    });
  }
  if (plugIn && wltp.co2Discharged !== undefined)
    rows.push({ label: "CO₂-Emissionen bei entladener Batterie kombiniert", value: `${NUMBER.format(wltp.co2Discharged)} g/km` });
  if (plugIn && wltp.co2ClassDischarged) rows.push({ label: "CO₂-Klasse bei entladener Batterie", value: wltp.co2ClassDischarged });
  if (vehicle.electricRangeKm) rows.push({ label: "Elektrische Reichweite (EAER)", value: formatKm(vehicle.electricRangeKm) });
  return rows;
}

/**
 * The energy facts in one line, for adverts that have no room for the block (result cards,
 * favourites): Pkw-EnVKV asks for the same values wherever a new car is advertised, not a layout.
 */
export function energyLine(vehicle: Pick<Vehicle, "fuel" | "wltp" | "electricRangeKm">): string {
  return energyRows(vehicle)
    .map((row) => `${row.label}: ${row.value}`)
    .join("; ");
}
