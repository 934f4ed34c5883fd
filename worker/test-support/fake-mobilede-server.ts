import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in of mobile.de's Search-API for a dealer's own ads (Ad-Integration), as its public
 * documentation describes it: `GET /search-api/search?customerId=…&page.number=…&page.size=…`
 * with HTTP basic auth and `Accept: application/vnd.de.mobile.api+json`; a result page
 * `{ total, pageSize, currentPage, maxPages, ads }`; at most 100 ads a page and 2,000 in all;
 * errors as problem+json (401, 406) or as `{ errors: [{ key, message, args }] }` (also with 200).
 * It keeps state (ads per customer number) and fails on request: the next N answers 429 (with
 * Retry-After) or 5xx, and a hook runs between pages (to change the stock while a sync pages).
 */

export const FAKE_MOBILEDE_USER = "haendler-api";
export const FAKE_MOBILEDE_PASSWORD = "geheim-123";

export interface FakeMobileDe {
  url: string;
  /** Ads per customer number (mutable). */
  customers: Map<string, unknown[]>;
  /** The next `count` search requests answer `status` (429 with Retry-After: 1). */
  failNext(status: number, count?: number): void;
  /** Runs before each page is answered. */
  onPage?: (customerId: string, page: number) => void;
  requests: Array<{ customerId: string | null; page: number; size: number; status: number }>;
  close(): Promise<void>;
}

/** A realistic used Mercedes-Benz ad in the New JSON format; `overrides` replace top-level fields. */
export function sampleMobileDeAd(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    mobileAdId: id,
    vehicleClass: "Car",
    category: "OffRoad",
    make: "MERCEDES-BENZ",
    model: "GLC 300",
    modelDescription: "GLC 300 de 4MATIC AMG Line",
    condition: "USED",
    firstRegistration: "202302",
    mileage: 31_400,
    power: 155,
    fuel: "HYBRID_DIESEL",
    hybridPlugin: true,
    gearbox: "AUTOMATIC_GEAR",
    driveType: "ALL_WHEEL",
    exteriorColor: "GREY",
    manufacturerColorName: "Graphitgrau metallic",
    interiorColor: "BLACK",
    interiorType: "PART_LEATHER",
    seats: 5,
    doors: "FOUR_OR_FIVE",
    emissionClass: "EURO6D",
    range: 104,
    navigationSystem: true,
    electricHeatedSeats: true,
    trailerCouplingType: "DETACHABLE",
    speedControl: "ADAPTIVE_CRUISE_CONTROL",
    climatisation: "AUTOMATIC_CLIMATISATION_2_ZONES",
    parkingAssistants: ["FRONT_SENSORS", "REAR_SENSORS", "REAR_VIEW_CAM"],
    price: { consumerPriceGross: "52990.00", vatRate: "19.00", currency: "EUR", type: "FIXED" },
    emissions: { combined: { co2: 19, co2Class: "B" }, discharged: { co2: 158, co2Class: "F" } },
    consumptions: { weightedCombinedFuel: 0.7, weightedCombinedPower: 22.9, fuelConsumption: { combined: 6.0 } },
    images: [
      { ref: `https://img.classistatic.de/api/v1/mo-prod/images/${id.slice(-2)}/${id}-1` },
      { ref: `https://img.classistatic.de/api/v1/mo-prod/images/${id.slice(-2)}/${id}-2` },
    ],
    ...overrides,
  };
}

function problem(response: ServerResponse, status: number, title: string, detail: string): void {
  response.writeHead(status, { "Content-Type": "application/problem+json" });
  response.end(JSON.stringify({ title, detail, status }));
}

export async function startFakeMobileDe(port = 0): Promise<FakeMobileDe> {
  const failures: number[] = [];
  const fake: FakeMobileDe = {
    url: "",
    customers: new Map(),
    requests: [],
    failNext(status, count = 1) {
      for (let index = 0; index < count; index++) failures.push(status);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://fake.mobile.de");
    // The tests' handle from inside workerd (worker tests cannot reach this process's objects):
    // PUT /__control/customers/<number> with the ads as JSON, POST /__control/fail?status=&count=.
    if (url.pathname.startsWith("/__control/")) return control(request, response, url);
    const customerId = url.searchParams.get("customerId");
    const page = Number(url.searchParams.get("page.number") ?? "1");
    const size = Number(url.searchParams.get("page.size") ?? "20");
    const log = (status: number) => fake.requests.push({ customerId, page, size, status });
    if (url.pathname !== "/search-api/search" || request.method !== "GET") {
      log(404);
      return problem(response, 404, "Not Found", "no such resource");
    }
    const expected = `Basic ${Buffer.from(`${FAKE_MOBILEDE_USER}:${FAKE_MOBILEDE_PASSWORD}`).toString("base64")}`;
    if (request.headers.authorization !== expected) {
      log(401);
      return problem(response, 401, "Unauthorized", "Full authentication is required to access this resource");
    }
    if (request.headers.accept !== "application/vnd.de.mobile.api+json") {
      log(406);
      return problem(response, 406, "Not Acceptable", "Acceptable representations: [application/vnd.de.mobile.api+json]");
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      log(failure);
      if (failure === 429) response.setHeader("Retry-After", "1");
      return problem(response, failure, failure === 429 ? "Too Many Requests" : "Service Unavailable", "try again later");
    }
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1 || size > 100) {
      log(200);
      response.writeHead(200, { "Content-Type": "application/vnd.de.mobile.api+json" });
      return response.end(
        JSON.stringify({
          errors: [
            {
              key: "invalid-search-parameter",
              message: "page.size must be between 1 and 100",
              args: [{ key: "page.size", value: String(size) }],
            },
          ],
        }),
      );
    }
    if (customerId !== null) fake.onPage?.(customerId, page);
    const ads = (customerId === null ? undefined : fake.customers.get(customerId)) ?? [];
    const reachable = ads.slice(0, 2_000);
    const maxPages = Math.ceil(reachable.length / size);
    log(200);
    response.writeHead(200, { "Content-Type": "application/vnd.de.mobile.api+json" });
    response.end(
      JSON.stringify({
        total: ads.length,
        pageSize: size,
        currentPage: page,
        maxPages,
        ads: reachable.slice((page - 1) * size, page * size),
      }),
    );
  });
  function control(request: IncomingMessage, response: ServerResponse, url: URL): void {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const customer = /^\/__control\/customers\/(\d+)$/.exec(url.pathname)?.[1];
      if (request.method === "PUT" && customer !== undefined)
        fake.customers.set(customer, JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown[]);
      else if (request.method === "POST" && url.pathname === "/__control/fail")
        fake.failNext(Number(url.searchParams.get("status") ?? "503"), Number(url.searchParams.get("count") ?? "1"));
      else if (request.method === "POST" && url.pathname === "/__control/reset") {
        fake.customers.clear();
        failures.length = 0;
        fake.requests.length = 0;
      } else {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(204).end();
    });
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search-api`;
  return fake;
}
