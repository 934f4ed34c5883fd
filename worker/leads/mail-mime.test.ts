import { describe, expect, it } from "vitest";
import { decodeQuotedPrintable, readMime } from "../test-support/mime-reader.ts";
import { buildMime, encodeHeaderText, quotedPrintable, type MimeMail } from "./mail-mime.ts";

const mail = (overrides: Partial<MimeMail> = {}): MimeMail => ({
  from: { address: "anfragen@autohaus.test", name: "Website-Anfragen" },
  to: { address: "verkauf.goslar@autohaus.test" },
  subject: "Neue Anfrage: Probefahrt – Mercedes-Benz C 200 (Ref. ABC1-2345)",
  text: "Grüße aus Goslar",
  messageId: "<lead-1@autohaus.test>",
  date: new Date("2026-11-23T09:41:26Z"),
  ...overrides,
});

const STANDARD_HEADERS = ["from", "to", "subject", "date", "message-id", "mime-version", "auto-submitted", "content-type"];

describe("the lead mail's MIME", () => {
  it("is 7-bit ASCII with CRLF line ends, short lines and the headers a mail needs", () => {
    const raw = buildMime(mail({ text: `${"Sehr lange Zeile mit Umlauten äöü ".repeat(20)}\nzweite Zeile` }));
    expect(raw).toMatch(/^[\x20-\x7e\r\n]*$/);
    expect(raw.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of raw.split("\r\n")) expect(line.length).toBeLessThanOrEqual(76);
    const read = readMime(raw);
    expect(read.names).toEqual([...STANDARD_HEADERS.slice(0, 7), "content-type", "content-transfer-encoding"]);
    expect(read.header("from")).toBe('"Website-Anfragen" <anfragen@autohaus.test>');
    expect(read.header("to")).toBe("<verkauf.goslar@autohaus.test>");
    expect(read.header("date")).toBe("Mon, 23 Nov 2026 09:41:26 +0000");
    expect(read.header("content-type")).toBe("text/plain; charset=UTF-8");
    expect(read.text).toBe(`${"Sehr lange Zeile mit Umlauten äöü ".repeat(20)}\nzweite Zeile`);
  });

  it("encodes a non-ASCII subject as RFC 2047 words of at most 75 characters that decode to the original", () => {
    const subject = `Neue Anfrage: Inzahlungnahme – ${"Größe ".repeat(30)}(Ref. ABC1-2345)`.replace(/ +\(/, " (");
    const raw = buildMime(mail({ subject }));
    const words = raw.match(/=\?UTF-8\?B\?[^?]*\?=/g) ?? [];
    expect(words.length).toBeGreaterThan(2);
    for (const word of words) expect(word.length).toBeLessThanOrEqual(75);
    for (const line of raw.split("\r\n")) expect(line.length).toBeLessThanOrEqual(78);
    expect(readMime(raw).header("subject")).toBe(subject);
    expect(encodeHeaderText("Probefahrt (Ref. K7M3)")).toBe("Probefahrt (Ref. K7M3)");
    // Text that looks like an encoded word is encoded itself, so no client decodes the visitor's.
    expect(encodeHeaderText("=?UTF-8?B?SGk=?=")).toMatch(/^=\?UTF-8\?B\?/);
  });

  it.each([
    ["CRLF", "Hallo\r\nBcc: opfer@example.test"],
    ["LF", "Hallo\nBcc: opfer@example.test"],
    ["CR", "Hallo\rBcc: opfer@example.test"],
    ["NUL and tab", "Hallo\u0000\tBcc: opfer@example.test"],
    ["Unicode line separator", "Hallo\u2028Bcc: opfer@example.test"],
    ["next line (U+0085)", "Hallo\u0085Bcc: opfer@example.test"],
    ["encoded CRLF", "Grüße\r\nBcc: opfer@example.test"],
  ])("a %s in the subject or a name never starts a header", (_, hostile) => {
    const raw = buildMime(mail({ subject: hostile, from: { address: "anfragen@autohaus.test", name: hostile } }));
    const read = readMime(raw);
    expect(read.names).not.toContain("bcc");
    expect(read.names).toEqual([...STANDARD_HEADERS.slice(0, 7), "content-type", "content-transfer-encoding"]);
    expect(read.header("subject")).toMatch(/^(Hallo|Grüße) Bcc: opfer@example\.test$/);
    expect(raw).not.toMatch(/\r\nBcc:/i);
  });

  it.each([
    "verkauf@autohaus.test\r\nBcc: opfer@example.test",
    "verkauf@autohaus.test>, <opfer@example.test",
    "max mustermann@example.test",
    '"max"@example.test',
    "müller@example.test",
    "no-at-sign.example.test",
  ])("refuses an address that is not a plain one: %j", (address) => {
    expect(() => buildMime(mail({ to: { address } }))).toThrow(/recipient address/);
    expect(() => buildMime(mail({ replyTo: address }))).toThrow(/reply-to address/);
    expect(() => buildMime(mail({ from: { address } }))).toThrow(/sender address/);
  });

  it("writes a checked Reply-To and refuses a malformed Message-ID", () => {
    expect(readMime(buildMime(mail({ replyTo: "erika.mustermann@example.test" }))).header("reply-to")).toBe(
      "<erika.mustermann@example.test>",
    );
    expect(() => buildMime(mail({ messageId: "<lead-1@autohaus.test>\r\nBcc: x@y.test" }))).toThrow(/Message-ID/);
  });

  it("quoted-printable: '=', trailing spaces, leading dots and 'From ' are encoded and decode back", () => {
    const text = "a=b\nEnde mit Leerzeichen   \n.\n.einzelner Punkt\nFrom here\n€ und ✓";
    const encoded = quotedPrintable(text);
    expect(encoded).toContain("a=3Db");
    expect(encoded).toContain("Leerzeichen  =20");
    expect(encoded).toMatch(/\r\n=2E\r\n=2Eeinzelner/);
    expect(encoded).toContain("\r\n=46rom here");
    expect(encoded).toMatch(/^[\x20-\x7e\r\n]*$/);
    expect(decodeQuotedPrintable(encoded)).toBe(text);
  });

  it("HTML as a multipart alternative whose boundary no body line can contain", () => {
    const hostile = "--=_lead_\n--=_lead_00000000000000000000000000000000--\nContent-Type: text/html";
    const raw = buildMime(mail({ text: hostile, html: "<p>Grüße</p>" }));
    const boundary = /boundary="([^"]+)"/.exec(raw)![1]!;
    expect(boundary).toMatch(/^=_lead_[0-9a-f]{32}$/);
    expect(raw.split("\r\n").filter((line) => line.startsWith(`--${boundary}`))).toHaveLength(3);
    const read = readMime(raw);
    expect(read.text).toBe(hostile);
    expect(read.html).toBe("<p>Grüße</p>");
  });
});
