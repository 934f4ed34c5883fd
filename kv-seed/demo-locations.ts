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

/** The group's centers (spec section 2, /center/{center-slug}); addresses are demo data. */
export const DEMO_LOCATIONS = [
  { slug: "center-hamburg-am-rothenbaum", name: "Center Hamburg am Rothenbaum", street: "Rothenbaumchaussee 1", postalCode: "20148", city: "Hamburg", phone: "040 123456-0", email: "hamburg-am-rothenbaum@autohaus-gruppe-nord.de", openingHours: CITY_HOURS, brands: ["mercedes-benz", "smart", "astonmartin"] },
  { slug: "center-hamburg-harburg-hyundai", name: "Hyundai Center Hamburg-Harburg", street: "Buxtehuder Straße 12", postalCode: "21073", city: "Hamburg", phone: "040 765432-0", email: "hamburg-harburg-hyundai@autohaus-gruppe-nord.de", openingHours: CITY_HOURS, brands: ["hyundai"] },
  { slug: "center-goslar", name: "Center Goslar", street: "Im Schleeke 80", postalCode: "38640", city: "Goslar", phone: "05321 3344-0", email: "goslar@autohaus-gruppe-nord.de", openingHours: STANDARD_HOURS, brands: ["mercedes-benz", "smart"] },
  { slug: "center-husum", name: "Center Husum", street: "Schleswiger Chaussee 40", postalCode: "25813", city: "Husum", phone: "04841 6677-0", email: "husum@autohaus-gruppe-nord.de", openingHours: SMALL_TOWN_HOURS, brands: ["mercedes-benz", "hymer"] },
  { slug: "center-marne", name: "Center Marne", street: "Süderstraße 21", postalCode: "25709", city: "Marne", phone: "04851 9988-0", email: "marne@autohaus-gruppe-nord.de", openingHours: SMALL_TOWN_HOURS, brands: ["mercedes-benz"] },
  { slug: "center-heide", name: "Center Heide", street: "Hamburger Straße 130", postalCode: "25746", city: "Heide", phone: "0481 5566-0", email: "heide@autohaus-gruppe-nord.de", openingHours: STANDARD_HOURS, brands: ["mercedes-benz", "hyundai"] },
  { slug: "transporter-kompetenz-center", name: "Transporter-Kompetenz-Center", street: "Billbrookdeich 200", postalCode: "22113", city: "Hamburg", phone: "040 223344-0", email: "transporter@autohaus-gruppe-nord.de", openingHours: CITY_HOURS, brands: ["mercedes-benz", "iveco"] },
  { slug: "center-reinfeld-lubeck", name: "Center Reinfeld (Lübeck)", street: "Bischofsteicher Weg 5", postalCode: "23858", city: "Reinfeld", phone: "04533 2211-0", email: "reinfeld-lubeck@autohaus-gruppe-nord.de", openingHours: STANDARD_HOURS, brands: ["mercedes-benz", "smart"] },
] as const;
