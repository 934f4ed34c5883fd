/** A phone number as people write it ("040 123456-0", "+49 40 …") as a tel: link: digits and a leading "+" only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
