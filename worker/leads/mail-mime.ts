import { isMailAddress } from "../env.ts";

/**
 * A small RFC 5322 / RFC 2045 message builder for the lead e-mails (ADR 0033): UTF-8 bodies in
 * quoted-printable, plain text with an optional HTML alternative, RFC 2047 encoded-words for
 * non-ASCII header text. Nothing a visitor typed can end a header line: every header value goes
 * through `headerText` (control characters, line and paragraph separators become spaces) and every
 * address must pass `isMailAddress` (ASCII, no spaces, quotes or brackets) or the build fails.
 */
export interface MailAddress {
  address: string;
  name?: string;
}

export interface MimeMail {
  from: MailAddress;
  to: MailAddress;
  /** Only a checked address; a visitor's address that fails the check is left out by the caller. */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** "<id@domain>", stable per lead and recipient: a retried send carries the same id. */
  messageId: string;
  date: Date;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One header line's worth of text: no control characters, single spaces, trimmed. */
export function headerText(value: string): string {
  return value.replace(CONTROL, " ").replace(/ {2,}/g, " ").trim();
}

const encoder = new TextEncoder();
const hex = (byte: number) => `=${byte.toString(16).toUpperCase().padStart(2, "0")}`;

/**
 * RFC 2047 "B" encoded-words for header text that is not plain printable ASCII, each at most 75
 * characters, split between characters (never inside a UTF-8 sequence), joined by folding.
 */
export function encodeHeaderText(value: string): string {
  const clean = headerText(value);
  if (/^[\x20-\x7e]*$/.test(clean) && !clean.includes("=?")) return clean;
  const words: string[] = [];
  let chunk = "";
  for (const char of clean) {
    // 39 bytes of UTF-8 → 52 base64 characters, + 12 for "=?UTF-8?B?" and "?=" = 64: with "Subject: " in
    // front the first line stays within 78 characters (RFC 5322 2.1.1), each word within 75 (RFC 2047).
    if (encoder.encode(chunk + char).length > 39) {
      words.push(chunk);
      chunk = "";
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${base64(encoder.encode(word))}?=`).join("\r\n ");
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function mailbox(mailAddress: MailAddress, role: string): string {
  if (!isMailAddress(mailAddress.address)) throw new Error(`mail: the ${role} address is not a plain e-mail address`);
  const name = mailAddress.name ? headerText(mailAddress.name) : "";
  if (!name) return `<${mailAddress.address}>`;
  // A printable-ASCII name is quoted (backslash-escaped), anything else encoded.
  const display = /^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/[\\"]/g, "\\$&")}"` : encodeHeaderText(name);
  return `${display} <${mailAddress.address}>`;
}

/**
 * Quoted-printable (RFC 2045 6.7) of UTF-8 text with CRLF line ends: lines of at most 76
 * characters, "=" and every byte outside printable ASCII encoded, trailing spaces encoded. A line
 * starting with "." or "From " is encoded too, so no relay can mistake it for the end of the message
 * or an mbox separator.
 */
export function quotedPrintable(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => {
      const bytes = encoder.encode(line);
      const tokens: string[] = [];
      bytes.forEach((byte, index) => {
        const last = index === bytes.length - 1;
        const literal = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
        tokens.push(literal ? String.fromCharCode(byte) : hex(byte));
      });
      if (tokens[0] === ".") tokens[0] = "=2E";
      else if (line.startsWith("From ")) tokens[0] = "=46";
      const out: string[] = [];
      let current = "";
      for (const token of tokens) {
        if (current.length + token.length > 75) {
          out.push(`${current}=`);
          current = "";
        }
        current += token;
      }
      out.push(current);
      return out.join("\r\n");
    })
    .join("\r\n");
}

/** RFC 5322 date, e.g. "Mon, 23 Nov 2026 09:41:26 +0000". */
function mailDate(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

/** The complete message, CRLF line ends, 7-bit ASCII. */
export function buildMime(mail: MimeMail): string {
  if (!/^<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+>$/.test(mail.messageId)) throw new Error("mail: malformed Message-ID");
  const headers = [
    `From: ${mailbox(mail.from, "sender")}`,
    `To: ${mailbox(mail.to, "recipient")}`,
    ...(mail.replyTo ? [`Reply-To: ${mailbox({ address: mail.replyTo }, "reply-to")}`] : []),
    `Subject: ${encodeHeaderText(mail.subject)}`,
    `Date: ${mailDate(mail.date)}`,
    `Message-ID: ${mail.messageId}`,
    "MIME-Version: 1.0",
    // Out-of-office replies must not answer a machine (RFC 3834).
    "Auto-Submitted: auto-generated",
  ];
  const textPart = [
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: quoted-printable",
    "",
    quotedPrintable(mail.text),
  ];
  if (mail.html === undefined) return [...headers, ...textPart, ""].join("\r\n");
  // "=_" never occurs in quoted-printable output, so no body line can be mistaken for the boundary.
  const boundary = `=_lead_${crypto.randomUUID().replace(/-/g, "")}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    ...textPart,
    `--${boundary}`,
    "Content-Type: text/html; charset=UTF-8",
    "Content-Transfer-Encoding: quoted-printable",
    "",
    quotedPrintable(mail.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}
