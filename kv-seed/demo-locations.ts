type Hours = Partial<Record<"mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun", Array<[string, string]>>>;
const weekdays = (intervals: Array<[string, string]>, friday = intervals): Hours => ({ mon: intervals, tue: intervals, wed: intervals, thu: intervals, fri: friday });

/** Typical German dealer hours: showroom Mon–Sat, workshop Mon–Fri; city centers also on Saturday mornings. */
const STANDARD_HOURS = {
  showroom: { ...weekdays([["08:30", "18:30"]]), sat: [["09:00", "14:00"]] } as Hours,
  workshop: weekdays([["07:00", "18:00"]]),
};
const CITY_HOURS = {
  showroom: { ...weekdays([["08:30", "19:00"]]), sat: [["09:00", "16:00"]] } as Hours,
  workshop: { ...weekdays([["07:00", "19:00"]]), sat: [["08:00", "13:00"]] } as Hours,
};
const SMALL_TOWN_HOURS = {
  showroom: { ...weekdays([["08:00", "12:30"], ["13:30", "18:00"]], [["08:00", "12:30"], ["13:30", "17:00"]]), sat: [["09:00", "12:00"]] } as Hours,
  workshop: weekdays([["07:30", "17:00"]], [["07:30", "15:00"]]),
};

/**
 * The group's centers (spec section 2, /center/{center-slug}). Demo data: the addresses, phone
 * numbers, VAT ids (valid check digit) and IBANs (valid check digits) are invented; coordinates
 * are those of the streets named.
 */
export const DEMO_LOCATIONS = [
  { slug: "center-hamburg-am-rothenbaum", name: "Center Hamburg am Rothenbaum", street: "Rothenbaumchaussee 1", postalCode: "20148", city: "Hamburg", phone: "040 123456-0", email: "hamburg-am-rothenbaum@autohaus-gruppe-nord.de", openingHours: CITY_HOURS, latitude: 53.5612, longitude: 9.9899, state: "HH", whatsapp: "+49 151 40123456", vatId: "DE812345673", iban: "DE12 2005 0550 1234 5678 01", services: ["Neuwagen", "Gebrauchtwagen", "Werkstatt", "Karosserie & Lack", "Reifenservice", "Hauptuntersuchung", "Finanzierung & Leasing", "Elektro-Ladestation"], social: [{ network: "facebook", url: "https://www.facebook.com/autohausgruppenord.rothenbaum" }, { network: "instagram", url: "https://www.instagram.com/autohausgruppenord" }], brands: ["mercedes-benz", "smart", "astonmartin"] },
  { slug: "center-hamburg-harburg-hyundai", name: "Hyundai Center Hamburg-Harburg", street: "Buxtehuder Straße 12", postalCode: "21073", city: "Hamburg", phone: "040 765432-0", email: "hamburg-harburg-hyundai@autohaus-gruppe-nord.de", openingHours: CITY_HOURS, latitude: 53.4647, longitude: 9.9761, state: "HH", whatsapp: "+49 151 40765432", vatId: "DE812345681", iban: "DE82 2005 0550 1234 5678 02", services: ["Neuwagen", "Gebrauchtwagen", "Werkstatt", "Reifenservice", "Hauptuntersuchung", "Finanzierung & Leasing"], social: [{ network: "instagram", url: "https://www.instagram.com/hyundai.harburg" }], brands: ["hyundai"] },
  { slug: "center-goslar", name: "Center Goslar", street: "Im Schleeke 80", postalCode: "38640", city: "Goslar", phone: "05321 3344-0", email: "goslar@autohaus-gruppe-nord.de", openingHours: STANDARD_HOURS, latitude: 51.9187, longitude: 10.4468, state: "NI", whatsapp: "+49 160 53213344", vatId: "DE276554436", iban: "DE05 2685 0001 0044 5566 77", services: ["Neuwagen", "Gebrauchtwagen", "Werkstatt", "Karosserie & Lack", "Reifenservice", "Mietwagen"], social: [{ network: "facebook", url: "https://www.facebook.com/autohausgruppenord.goslar" }], brands: ["mercedes-benz", "smart"] },
  { slug: "center-husum", name: "Center Husum", street: "Schleswiger Chaussee 40", postalCode: "25813", city: "Husum", phone: "04841 6677-0", email: "husum@autohaus-gruppe-nord.de", openingHours: SMALL_TOWN_HOURS, latitude: 54.4896, longitude: 9.0779, state: "SH", whatsapp: "+49 170 48416677", vatId: "DE135792460", iban: "DE04 2175 0000 0088 1122 33", services: ["Neuwagen", "Gebrauchtwagen", "Werkstatt", "Reisemobil-Service", "Reifenservice", "Hauptuntersuchung"], social: [{ network: "facebook", url: "https://www.facebook.com/autohausgruppenord.husum" }, { network: "youtube", url: "https://www.youtube.com/@autohausgruppenord" }], brands: ["mercedes-benz", "hymer"] },
  { slug: "center-marne", name: "Center Marne", street: "Süderstraße 21", postalCode: "25709", city: "Marne", phone: "04851 9988-0", email: "marne@autohaus-gruppe-nord.de", openingHours: SMALL_TOWN_HOURS, latitude: 53.9536, longitude: 9.0061, state: "SH", whatsapp: null, vatId: "DE246813573", iban: "DE64 2185 2310 0012 3456 78", services: ["Gebrauchtwagen", "Werkstatt", "Reifenservice", "Hauptuntersuchung"], social: [], brands: ["mercedes-benz"] },
  { slug: "center-heide", name: "Center Heide", street: "Hamburger Straße 130", postalCode: "25746", city: "Heide", phone: "0481 5566-0", email: "heide@autohaus-gruppe-nord.de", openingHours: STANDARD_HOURS, latitude: 54.1853, longitude: 9.1071, state: "SH", whatsapp: "+49 171 48155660", vatId: "DE112233446", iban: "DE43 2185 0010 0099 8877 66", services: ["Neuwagen", "Gebrauchtwagen", "Werkstatt", "Karosserie & Lack", "Reifenservice", "Finanzierung & Leasing"], social: [{ network: "facebook", url: "https://www.facebook.com/autohausgruppenord.heide" }], brands: ["mercedes-benz", "hyundai"] },
  { slug: "transporter-kompetenz-center", name: "Transporter-Kompetenz-Center", street: "Billbrookdeich 200", postalCode: "22113", city: "Hamburg", phone: "040 223344-0", email: "transporter@autohaus-gruppe-nord.de", openingHours: CITY_HOURS, latitude: 53.5297, longitude: 10.0955, state: "HH", whatsapp: "+49 151 40223344", vatId: "DE812345690", iban: "DE44 2005 0550 1234 5678 07", services: ["Transporter-Neuwagen", "Transporter-Gebrauchtwagen", "Nutzfahrzeug-Werkstatt", "Aufbauten & Umbauten", "Mietwagen", "Flottenberatung"], social: [{ network: "linkedin", url: "https://www.linkedin.com/company/autohaus-gruppe-nord" }, { network: "instagram", url: "https://www.instagram.com/autohausgruppenord" }], brands: ["mercedes-benz", "iveco"] },
  { slug: "center-reinfeld-lubeck", name: "Center Reinfeld (Lübeck)", street: "Bischofsteicher Weg 5", postalCode: "23858", city: "Reinfeld", phone: "04533 2211-0", email: "reinfeld-lubeck@autohaus-gruppe-nord.de", openingHours: STANDARD_HOURS, latitude: 53.8316, longitude: 10.4921, state: "SH", whatsapp: "+49 160 45332211", vatId: "DE314159262", iban: "DE07 2305 1030 0055 4433 22", services: ["Neuwagen", "Gebrauchtwagen", "Werkstatt", "Reifenservice", "Hauptuntersuchung", "Elektro-Ladestation"], social: [{ network: "facebook", url: "https://www.facebook.com/autohausgruppenord.reinfeld" }], brands: ["mercedes-benz", "smart"] },
] as const;
