import { DEMO_LOCATIONS } from "./demo-locations.ts";
import { createRandom, slugify } from "./stock-generator.ts";
import type { DepartmentKey } from "#domain/employees.ts";
import { LONG_HAIR_PORTRAITS, SHORT_HAIR_PORTRAITS } from "./demo-portraits.ts";

/**
 * The demo group's contact persons: about 20 per center, with the departments a
 * center of its kind has (the Transporter-Kompetenz-Center sells vans and trucks, not cars), a
 * head first in each department, German names and phone extensions of the center's number.
 * Deterministic: the same list on every seed, so tests can name people. Two of three have a drawn
 * portrait (kv-seed/demo-portraits.ts); every third (id divisible by 3) has none and shows initials.
 */
export interface DemoEmployee {
  id: number;
  slug: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  department: DepartmentKey;
  locationSlug: string;
  brands: string[];
  phone: string;
  email: string;
  rank: number;
  /** A site path of a demo portrait, or null (the initials). */
  photo: string | null;
}

const WOMEN = [
  "Anna",
  "Katrin",
  "Sabine",
  "Julia",
  "Lea",
  "Birte",
  "Maren",
  "Svenja",
  "Nina",
  "Claudia",
  "Wiebke",
  "Sandra",
  "Laura",
  "Merle",
  "Kerstin",
  "Elif",
  "Sophie",
  "Imke",
  "Heike",
  "Janina",
  "Ayşe",
  "Marta",
];
const MEN = [
  "Jens",
  "Thomas",
  "Mehmet",
  "Sönke",
  "Jan",
  "Lars",
  "Dirk",
  "Stefan",
  "Björn",
  "Malte",
  "Frank",
  "Kai",
  "Torben",
  "Michael",
  "Nils",
  "Hauke",
  "Christian",
  "Ole",
  "Piotr",
  "Sven",
  "Florian",
  "Arne",
];
const LAST = [
  "Petersen",
  "Hansen",
  "Jensen",
  "Nissen",
  "Carstens",
  "Lorenzen",
  "Brandt",
  "Christiansen",
  "Paulsen",
  "Thomsen",
  "Schulz",
  "Meyer",
  "Schröder",
  "Möller",
  "Wagner",
  "Becker",
  "Hoffmann",
  "Koch",
  "Richter",
  "Wolf",
  "Neumann",
  "Schwarz",
  "Krüger",
  "Hartmann",
  "Lange",
  "Werner",
  "Krause",
  "Lehmann",
  "Köhler",
  "Jacobsen",
  "Friedrichs",
  "Voß",
  "Claussen",
  "Martens",
  "Rohwer",
  "Sievers",
  "Ehlers",
  "Kruse",
  "Stamer",
  "Yılmaz",
  "Kowalski",
  "Öztürk",
  "Albers",
  "Dittmer",
  "Harms",
  "Boysen",
  "Witt",
  "Jürgensen",
];

/** [department, job title (male, female), how many] per kind of center; the first of a department is its head. */
type Staffing = Array<[DepartmentKey, Array<[string, string]>, number]>;
const CAR_CENTER: Staffing = [
  ["geschaeftsleitung", [["Standortleiter", "Standortleiterin"]], 1],
  [
    "verkauf-neuwagen",
    [
      ["Verkaufsleiter Neuwagen", "Verkaufsleiterin Neuwagen"],
      ["Verkaufsberater Neuwagen", "Verkaufsberaterin Neuwagen"],
      ["Produktexperte", "Produktexpertin"],
    ],
    4,
  ],
  [
    "verkauf-gebrauchtwagen",
    [
      ["Verkaufsleiter Gebrauchtwagen", "Verkaufsleiterin Gebrauchtwagen"],
      ["Verkaufsberater Gebrauchtwagen", "Verkaufsberaterin Gebrauchtwagen"],
    ],
    3,
  ],
  ["flotte", [["Flottenberater", "Flottenberaterin"]], 1],
  ["finanzierung", [["Finanz- und Leasingberater", "Finanz- und Leasingberaterin"]], 2],
  [
    "service",
    [
      ["Serviceleiter", "Serviceleiterin"],
      ["Serviceberater", "Serviceberaterin"],
      ["Kundendienstassistent", "Kundendienstassistentin"],
      ["Werkstattmeister", "Werkstattmeisterin"],
    ],
    5,
  ],
  [
    "teile",
    [
      ["Leiter Teile & Zubehör", "Leiterin Teile & Zubehör"],
      ["Teileverkäufer", "Teileverkäuferin"],
    ],
    3,
  ],
  [
    "verwaltung",
    [
      ["Empfang und Kundenbetreuung", "Empfang und Kundenbetreuung"],
      ["Buchhaltung", "Buchhaltung"],
    ],
    2,
  ],
];
const VAN_CENTER: Staffing = [
  ["geschaeftsleitung", [["Standortleiter", "Standortleiterin"]], 1],
  [
    "nutzfahrzeuge",
    [
      ["Verkaufsleiter Transporter", "Verkaufsleiterin Transporter"],
      ["Verkaufsberater Transporter", "Verkaufsberaterin Transporter"],
      ["Verkaufsberater Lkw", "Verkaufsberaterin Lkw"],
    ],
    6,
  ],
  ["flotte", [["Key-Account-Manager Flotte", "Key-Account-Managerin Flotte"]], 2],
  ["finanzierung", [["Finanz- und Leasingberater", "Finanz- und Leasingberaterin"]], 2],
  [
    "service",
    [
      ["Serviceleiter Nutzfahrzeuge", "Serviceleiterin Nutzfahrzeuge"],
      ["Serviceberater Nutzfahrzeuge", "Serviceberaterin Nutzfahrzeuge"],
      ["Werkstattmeister", "Werkstattmeisterin"],
    ],
    6,
  ],
  [
    "teile",
    [
      ["Leiter Teile & Zubehör", "Leiterin Teile & Zubehör"],
      ["Teileverkäufer Außendienst", "Teileverkäuferin Außendienst"],
    ],
    3,
  ],
  ["verwaltung", [["Empfang und Kundenbetreuung", "Empfang und Kundenbetreuung"]], 1],
];

export function demoEmployees(): DemoEmployee[] {
  const { next, pick } = createRandom(20261125);
  const employees: DemoEmployee[] = [];
  const usedSlugs = new Set<string>();
  for (const location of DEMO_LOCATIONS) {
    const staffing = location.slug === "transporter-kompetenz-center" ? VAN_CENTER : CAR_CENTER;
    // The center's number without its "-0" switchboard ending: "040 123456-0" → "040 123456-".
    const base = location.phone.replace(/-0$/, "-");
    let extension = 10;
    for (const [department, titles, count] of staffing) {
      for (let index = 0; index < count; index++) {
        const woman = next() < 0.45;
        const firstName = pick(woman ? WOMEN : MEN);
        const lastName = pick(LAST);
        let slug = slugify(`${firstName}-${lastName}`);
        while (usedSlugs.has(slug)) slug = `${slug}-${usedSlugs.size}`;
        usedSlugs.add(slug);
        const [male, female] = titles[Math.min(index, titles.length - 1)]!;
        // Sales people of a multi-brand center look after one brand; everyone else after all of them.
        const brands =
          department.startsWith("verkauf") && location.brands.length > 1 && index > 0
            ? [location.brands[index % location.brands.length]!]
            : [];
        const id = employees.length + 1;
        const portraits = woman ? LONG_HAIR_PORTRAITS : SHORT_HAIR_PORTRAITS;
        employees.push({
          id,
          slug,
          firstName,
          lastName,
          jobTitle: woman ? female : male,
          department,
          locationSlug: location.slug,
          brands,
          phone: `${base}${extension++}`,
          email: `${slug.replace(/-(\d+)$/, "$1").replace(/-/g, ".")}@autohaus-gruppe-nord.de`,
          rank: index === 0 ? 10 : 100,
          // Not drawn from the random sequence: the people stay who they were before portraits.
          photo: id % 3 === 0 ? null : portraits[id % portraits.length]!,
        });
      }
    }
  }
  return employees;
}
