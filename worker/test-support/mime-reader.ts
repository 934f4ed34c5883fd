/**
 * Reads back what worker/leads/mail-mime.ts writes, independently of it (tests only): headers
 * unfolded and RFC 2047-decoded, bodies quoted-printable-decoded, multipart split by its boundary.
 */
export interface ReadMime {
  /** Header names in order, lower case: an injected header would show up here. */
  names: string[];
  header(name: string): string | undefined;
  text: string;
  html: string | undefined;
}

const decoder = new TextDecoder();

export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, b64: string) => decoder.decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));
}

export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const char = joined[index]!;
    if (char === "=" && /^[0-9A-F]{2}$/.test(joined.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(joined.slice(index + 1, index + 3), 16));
      index += 2;
    } else bytes.push(char.charCodeAt(0));
  }
  return decoder.decode(new Uint8Array(bytes)).replace(/\r\n/g, "\n");
}

function split(raw: string): { headers: Array<[string, string]>; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, end).replace(/\r\n[ \t]/g, " ");
  const headers = head.split("\r\n").map((line): [string, string] => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
  });
  return { headers, body: raw.slice(end + 4) };
}

export function readMime(raw: string): ReadMime {
  const { headers, body } = split(raw);
  const header = (name: string) => {
    const found = headers.find(([key]) => key === name);
    return found ? decodeWords(found[1]) : undefined;
  };
  const boundary = /boundary="([^"]+)"/.exec(header("content-type") ?? "")?.[1];
  if (!boundary)
    return { names: headers.map(([key]) => key), header, text: decodeQuotedPrintable(body.replace(/\r\n$/, "")), html: undefined };
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => split(part.replace(/^\r\n/, "").replace(/\r\n$/, "")));
  const of = (type: string) => parts.find((part) => part.headers.some(([key, value]) => key === "content-type" && value.startsWith(type)));
  const text = of("text/plain");
  const html = of("text/html");
  return {
    names: headers.map(([key]) => key),
    header,
    text: text ? decodeQuotedPrintable(text.body) : "",
    html: html ? decodeQuotedPrintable(html.body) : undefined,
  };
}
