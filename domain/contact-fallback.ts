/**
 * Who a visitor can call or write to when the chat or the booking widget is unavailable (spec
 * section 4 "Autochat: … fallback (chat unavailable)"): the location of the page's vehicle or the
 * location page itself when there is one, otherwise the group's main center. Zod-free and not on
 * any first load: only the lazily loaded chat and booking chunks import it.
 *
 * @example
 * nearestContact([{ buildId: "…" }, { vehicle: {…}, location: { name: "Center Husum", phone: "04841 6677-0", email: "husum@…" } }])
 * // → { name: "Center Husum", phone: "04841 6677-0", email: "husum@…" }
 */
export interface Contact {
  name: string;
  phone: string;
  email: string | null;
}

/** The group's main center (Hamburg am Rothenbaum; its number is the sticky bar's too). */
export const MAIN_CENTER_CONTACT: Contact = {
  name: "Center Hamburg am Rothenbaum",
  phone: "040 123456-0",
  email: "hamburg-am-rothenbaum@autohaus-gruppe-nord.de",
};

const EMAIL_PATTERN = /^[^\s@<>()"',;:\\]+@[^\s@<>()"',;:\\]+\.[^\s@<>()"',;:\\]+$/;
const PHONE_PATTERN = /^\+?[\d\s/()-]{3,30}$/;

/** A route's loader data names a location (vehicle pages, location pages): its contact, else null. */
export function locationContact(data: unknown): Contact | null {
  if (typeof data !== "object" || data === null || !("location" in data)) return null;
  const location: unknown = data.location;
  if (typeof location !== "object" || location === null) return null;
  const { name, phone, email } = location as Record<string, unknown>;
  if (typeof name !== "string" || !name.trim() || typeof phone !== "string" || !PHONE_PATTERN.test(phone)) return null;
  return { name, phone, email: typeof email === "string" && EMAIL_PATTERN.test(email) ? email : null };
}

/** The innermost route whose data names a location wins; the main center otherwise. */
export function nearestContact(routeData: readonly unknown[]): Contact {
  for (let index = routeData.length - 1; index >= 0; index -= 1) {
    const contact = locationContact(routeData[index]);
    if (contact) return contact;
  }
  return MAIN_CENTER_CONTACT;
}
