import { expect, it } from "vitest";
import { equipmentForFilter, groupEquipment, OPTIONAL_FILTERS } from "./equipment.ts";

it("every default optional filter is backed by at least one equipment key", () => {
  for (const filter of OPTIONAL_FILTERS) expect(equipmentForFilter(filter).length).toBeGreaterThan(0);
});

it("parking is satisfied by sensors, cameras and the parking assistant", () => {
  expect(equipmentForFilter("parking")).toEqual(["parking_sensors", "rear_camera", "camera_360", "parking_assist"]);
});

it("groups a vehicle's equipment with German labels and drops unknown keys", () => {
  expect(groupEquipment(["abs", "apple_carplay", "unknown_key", "berth_queen_bed"])).toEqual([
    { group: "safety", label: "Sicherheit", items: ["Antiblockiersystem (ABS)"] },
    { group: "multimedia", label: "Multimedia & Konnektivität", items: ["Apple CarPlay"] },
    { group: "camper", label: "Wohnen & Reisen", items: ["Queensbett"] },
  ]);
});
