/**
 * Equipment feature keys (spec section 3) with German labels, grouped the way the vehicle
 * detail page lists them. `filterGroup` ties features to the carfinder's optional filters
 * (spec section 9: towbar, cruise_control, parking, airbags, security, air_conditioning).
 */
export const EQUIPMENT_GROUPS = {
  comfort: "Komfort",
  safety: "Sicherheit",
  assistance: "Assistenzsysteme",
  multimedia: "Multimedia & Konnektivität",
  light: "Licht & Sicht",
  exterior: "Exterieur",
  camper: "Wohnen & Reisen",
} as const;
export type EquipmentGroup = keyof typeof EQUIPMENT_GROUPS;

export const OPTIONAL_FILTERS = ["towbar", "cruise_control", "parking", "airbags", "security", "air_conditioning"] as const;
export type OptionalFilter = (typeof OPTIONAL_FILTERS)[number];

export const OPTIONAL_FILTER_LABELS: Record<OptionalFilter, string> = {
  towbar: "Anhängerkupplung",
  cruise_control: "Tempomat",
  parking: "Einparkhilfe",
  airbags: "Seiten- und Kopfairbags",
  security: "Diebstahlschutz",
  air_conditioning: "Klimaanlage",
};

interface EquipmentFeature {
  label: string;
  group: EquipmentGroup;
  filter?: OptionalFilter;
}

export const EQUIPMENT: Record<string, EquipmentFeature> = {
  abs: { label: "Antiblockiersystem (ABS)", group: "safety" },
  esp: { label: "Elektronisches Stabilitätsprogramm (ESP)", group: "safety" },
  front_airbags: { label: "Front-Airbags", group: "safety" },
  side_airbags: { label: "Seitenairbags", group: "safety", filter: "airbags" },
  curtain_airbags: { label: "Kopfairbags", group: "safety", filter: "airbags" },
  knee_airbag: { label: "Knieairbag", group: "safety", filter: "airbags" },
  isofix: { label: "ISOFIX-Kindersitzbefestigung", group: "safety" },
  alarm_system: { label: "Alarmanlage", group: "safety", filter: "security" },
  immobilizer: { label: "Wegfahrsperre", group: "safety", filter: "security" },
  keyless_go: { label: "Keyless-Go", group: "comfort" },
  air_conditioning: { label: "Klimaanlage", group: "comfort", filter: "air_conditioning" },
  climate_control: { label: "Klimaautomatik", group: "comfort", filter: "air_conditioning" },
  three_zone_climate: { label: "3-Zonen-Klimaautomatik", group: "comfort", filter: "air_conditioning" },
  auxiliary_heating: { label: "Standheizung", group: "comfort" },
  heated_seats: { label: "Sitzheizung vorn", group: "comfort" },
  ventilated_seats: { label: "Sitzklimatisierung", group: "comfort" },
  electric_seats: { label: "Elektrisch verstellbare Sitze mit Memory", group: "comfort" },
  heated_steering_wheel: { label: "Lenkradheizung", group: "comfort" },
  panoramic_roof: { label: "Panorama-Schiebedach", group: "comfort" },
  electric_tailgate: { label: "Elektrische Heckklappe", group: "comfort" },
  ambient_lighting: { label: "Ambientebeleuchtung", group: "comfort" },
  cruise_control: { label: "Tempomat", group: "assistance", filter: "cruise_control" },
  adaptive_cruise_control: { label: "Abstandstempomat", group: "assistance", filter: "cruise_control" },
  lane_keeping_assist: { label: "Spurhalteassistent", group: "assistance" },
  blind_spot_assist: { label: "Totwinkel-Assistent", group: "assistance" },
  traffic_sign_assist: { label: "Verkehrszeichen-Assistent", group: "assistance" },
  emergency_brake_assist: { label: "Notbremsassistent", group: "assistance" },
  parking_sensors: { label: "Parkpilot vorn und hinten", group: "assistance", filter: "parking" },
  rear_camera: { label: "Rückfahrkamera", group: "assistance", filter: "parking" },
  camera_360: { label: "360°-Kamera", group: "assistance", filter: "parking" },
  parking_assist: { label: "Aktiver Parkassistent", group: "assistance", filter: "parking" },
  head_up_display: { label: "Head-up-Display", group: "assistance" },
  navigation: { label: "Navigationssystem", group: "multimedia" },
  apple_carplay: { label: "Apple CarPlay", group: "multimedia" },
  android_auto: { label: "Android Auto", group: "multimedia" },
  dab_radio: { label: "Digitalradio (DAB)", group: "multimedia" },
  wireless_charging: { label: "Induktives Laden für Smartphones", group: "multimedia" },
  premium_sound: { label: "Premium-Soundsystem", group: "multimedia" },
  bluetooth: { label: "Bluetooth-Freisprecheinrichtung", group: "multimedia" },
  led_headlights: { label: "LED-Scheinwerfer", group: "light" },
  matrix_headlights: { label: "Adaptive Matrix-LED-Scheinwerfer", group: "light" },
  high_beam_assist: { label: "Fernlichtassistent", group: "light" },
  rain_sensor: { label: "Regensensor", group: "light" },
  tow_bar: { label: "Anhängerkupplung", group: "exterior", filter: "towbar" },
  alloy_wheels: { label: "Leichtmetallräder", group: "exterior" },
  roof_rails: { label: "Dachreling", group: "exterior" },
  tinted_windows: { label: "Abgedunkelte Scheiben hinten", group: "exterior" },
  sliding_door: { label: "Schiebetür rechts", group: "exterior" },
  partition_wall: { label: "Trennwand zum Laderaum", group: "exterior" },
  wooden_floor: { label: "Holzboden im Laderaum", group: "exterior" },
  berth_single_beds: { label: "Einzelbetten im Heck", group: "camper" },
  berth_queen_bed: { label: "Queensbett", group: "camper" },
  berth_pull_down_bed: { label: "Hubbett", group: "camper" },
  berth_alcove: { label: "Alkovenbett", group: "camper" },
  lounge_l_shape: { label: "L-Sitzgruppe", group: "camper" },
  lounge_face_to_face: { label: "Face-to-Face-Sitzgruppe", group: "camper" },
  lounge_half_dinette: { label: "Halbdinette", group: "camper" },
  solar_panel: { label: "Solaranlage", group: "camper" },
  awning: { label: "Markise", group: "camper" },
  bike_rack: { label: "Fahrradträger", group: "camper" },
  wet_room: { label: "Nasszelle mit separater Dusche", group: "camper" },
};

export function isEquipmentKey(key: string): boolean {
  return Object.hasOwn(EQUIPMENT, key);
}

/** Equipment keys that satisfy an optional filter, e.g. parking → sensors, cameras, assist. */
export function equipmentForFilter(filter: OptionalFilter): string[] {
  return Object.entries(EQUIPMENT)
    .filter(([, feature]) => feature.filter === filter)
    .map(([key]) => key);
}

/** Grouped, German-labelled equipment of one vehicle, in catalogue order. */
export function groupEquipment(keys: readonly string[]): Array<{ group: EquipmentGroup; label: string; items: string[] }> {
  const present = new Set(keys);
  return (Object.keys(EQUIPMENT_GROUPS) as EquipmentGroup[])
    .map((group) => ({
      group,
      label: EQUIPMENT_GROUPS[group],
      items: Object.entries(EQUIPMENT)
        .filter(([key, feature]) => feature.group === group && present.has(key))
        .map(([, feature]) => feature.label),
    }))
    .filter((entry) => entry.items.length > 0);
}
