/** The group's centers (spec section 2, /center/{center-slug}); addresses are demo data. */
export const DEMO_LOCATIONS = [
  { slug: "center-hamburg-am-rothenbaum", name: "Center Hamburg am Rothenbaum", street: "Rothenbaumchaussee 1", postalCode: "20148", city: "Hamburg", phone: "040 123456-0", brands: ["mercedes-benz", "smart", "astonmartin"] },
  { slug: "center-hamburg-harburg-hyundai", name: "Hyundai Center Hamburg-Harburg", street: "Buxtehuder Straße 12", postalCode: "21073", city: "Hamburg", phone: "040 765432-0", brands: ["hyundai"] },
  { slug: "center-goslar", name: "Center Goslar", street: "Im Schleeke 80", postalCode: "38640", city: "Goslar", phone: "05321 3344-0", brands: ["mercedes-benz", "smart"] },
  { slug: "center-husum", name: "Center Husum", street: "Schleswiger Chaussee 40", postalCode: "25813", city: "Husum", phone: "04841 6677-0", brands: ["mercedes-benz", "hymer"] },
  { slug: "center-marne", name: "Center Marne", street: "Süderstraße 21", postalCode: "25709", city: "Marne", phone: "04851 9988-0", brands: ["mercedes-benz"] },
  { slug: "center-heide", name: "Center Heide", street: "Hamburger Straße 130", postalCode: "25746", city: "Heide", phone: "0481 5566-0", brands: ["mercedes-benz", "hyundai"] },
  { slug: "transporter-kompetenz-center", name: "Transporter-Kompetenz-Center", street: "Billbrookdeich 200", postalCode: "22113", city: "Hamburg", phone: "040 223344-0", brands: ["mercedes-benz", "iveco"] },
  { slug: "center-reinfeld-lubeck", name: "Center Reinfeld (Lübeck)", street: "Bischofsteicher Weg 5", postalCode: "23858", city: "Reinfeld", phone: "04533 2211-0", brands: ["mercedes-benz", "smart"] },
] as const;
