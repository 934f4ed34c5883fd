const encoder = new TextEncoder();

/** Hex HMAC-SHA256 of `message` under `secret` (webhook signatures, photo links, IP hashes). */
export async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, encoder.encode(message));
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares a presented signature with the expected one in constant time. */
export async function hmacMatches(secret: string, message: string, presented: string): Promise<boolean> {
  const expected = await hmacHex(secret, message);
  if (presented.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) difference |= expected.charCodeAt(index) ^ presented.charCodeAt(index);
  return difference === 0;
}
