// Crockford's base32 without I, L, O, U: nothing to misread on the phone ("Vorgangsnummer").
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** "K7M3-Q9PX": 8 random characters (40 bits), easy to read out and type. */
export function newLeadReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const characters = [...bytes].map((byte) => ALPHABET[byte % 32]);
  return `${characters.slice(0, 4).join("")}-${characters.slice(4).join("")}`;
}
