/**
 * A small fixed set of demo vehicles for the foundation (detail routes, vehicle-not-found).
 * Issue 3 replaces this with the deterministic generator of 3,000+ vehicles.
 */
export interface DemoVehicle {
  id: number;
  slug: string;
  brand: string;
  title: string;
  priceEuro: number;
  locationSlug: string;
  status: "available" | "sold";
}

export const DEMO_VEHICLES: DemoVehicle[] = [
  { id: 100001, slug: "mercedes-benz-a-180-progressive", brand: "mercedes-benz", title: "Mercedes-Benz A 180 Progressive", priceEuro: 32490, locationSlug: "center-hamburg-am-rothenbaum", status: "available" },
  { id: 100002, slug: "mercedes-benz-glc-300-e-4matic", brand: "mercedes-benz", title: "Mercedes-Benz GLC 300 e 4MATIC", priceEuro: 68900, locationSlug: "center-goslar", status: "available" },
  { id: 100003, slug: "mercedes-benz-sprinter-317-cdi-kasten", brand: "mercedes-benz", title: "Mercedes-Benz Sprinter 317 CDI Kastenwagen", priceEuro: 54980, locationSlug: "transporter-kompetenz-center", status: "available" },
  { id: 100004, slug: "hyundai-ioniq-5-uniq", brand: "hyundai", title: "Hyundai IONIQ 5 UNIQ", priceEuro: 49990, locationSlug: "center-hamburg-harburg-hyundai", status: "available" },
  { id: 100005, slug: "smart-1-pro-plus", brand: "smart", title: "smart #1 Pro+", priceEuro: 41490, locationSlug: "center-reinfeld-lubeck", status: "available" },
  { id: 100006, slug: "aston-martin-db12-volante", brand: "astonmartin", title: "Aston Martin DB12 Volante", priceEuro: 259000, locationSlug: "center-hamburg-am-rothenbaum", status: "available" },
  { id: 100007, slug: "hymer-b-klasse-masterline-t-780", brand: "hymer", title: "Hymer B-Klasse MasterLine T 780", priceEuro: 139900, locationSlug: "center-husum", status: "available" },
  { id: 100008, slug: "iveco-daily-35s16-kipper", brand: "iveco", title: "Iveco Daily 35S16 Kipper", priceEuro: 47600, locationSlug: "transporter-kompetenz-center", status: "available" },
  // Targets of the legacy vehicle-archive redirects (redirects/legacy-redirects.json).
  { id: 4711235, slug: "mercedes-benz-c-200-t-modell", brand: "mercedes-benz", title: "Mercedes-Benz C 200 T-Modell", priceEuro: 44900, locationSlug: "center-heide", status: "available" },
  { id: 4815162, slug: "mercedes-benz-sprinter-317-cdi-kasten", brand: "mercedes-benz", title: "Mercedes-Benz Sprinter 317 CDI Kasten", priceEuro: 51900, locationSlug: "transporter-kompetenz-center", status: "available" },
  { id: 5023344, slug: "mercedes-benz-eqa-250-plus", brand: "mercedes-benz", title: "Mercedes-Benz EQA 250+", priceEuro: 46500, locationSlug: "center-marne", status: "available" },
  { id: 3998120, slug: "smart-fortwo-coupe-eq", brand: "smart", title: "smart EQ fortwo coupé", priceEuro: 14900, locationSlug: "center-reinfeld-lubeck", status: "available" },
  { id: 4400871, slug: "hymer-b-mc-t-580", brand: "hymer", title: "Hymer B-MC T 580", priceEuro: 94900, locationSlug: "center-husum", status: "available" },
  { id: 100009, slug: "mercedes-benz-e-220-d-t-modell", brand: "mercedes-benz", title: "Mercedes-Benz E 220 d T-Modell", priceEuro: 58700, locationSlug: "center-heide", status: "sold" },
];
