import type { Context } from "hono";
import { BrandKeySchema } from "#domain/brand-schema.ts";
import { BRAND_NAMES } from "#domain/brands.ts";
import type { ModelVariant } from "#domain/data-schemas.ts";
import { formatEuro } from "#domain/format.ts";
import { effectiveRate, STANDARD_LEASE } from "#domain/lease.ts";
import { findModelLine } from "#domain/model-lines.ts";
import { A4_LANDSCAPE, fitText, pdfDocument, tableDocument } from "#domain/pdf.ts";
import { formatPower } from "#domain/vehicle-labels.ts";
import { bodyStyleLabel, fuelLabel } from "#ui/models/labels.ts";
import type { AppEnv } from "./env.ts";
import { createServerPorts } from "./adapters/server-ports.ts";
import { staticErrorPage } from "./ssr/static-error-page.ts";

const ONE_DECIMAL = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const TWO_DECIMALS = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2 });

/** Columns across an A4 page in landscape. */
const COLUMNS = [
  { label: "Ausführung", x: 48 },
  { label: "Karosserie", x: 240 },
  { label: "Kraftstoff", x: 322 },
  { label: "Leistung", x: 418 },
  { label: "Verbrauch kombiniert", x: 500 },
  { label: "CO2 kombiniert", x: 666 },
  { label: "CO2-Klasse", x: 726 },
  { label: "Barpreis (UVP)", x: 776 },
];

/** Room for the text of every column but the last: up to the next column's start, 4 pt apart. */
const CELL_WIDTHS = COLUMNS.flatMap((column, index) => {
  const next = COLUMNS[index + 1];
  return next ? [next.x - column.x - 4] : [];
});

function consumption(variant: ModelVariant): string {
  return [
    variant.wltp.consumptionCombined === undefined ? null : `${ONE_DECIMAL.format(variant.wltp.consumptionCombined)} l/100 km`,
    variant.wltp.powerConsumptionCombined === undefined ? null : `${ONE_DECIMAL.format(variant.wltp.powerConsumptionCombined)} kWh/100 km`,
  ]
    .filter(Boolean)
    .join(" + ");
}

/** The price list of one model line as a PDF document (text only, every variant on the page's table). */
export function priceListPdf(brandName: string, modelName: string, variants: readonly ModelVariant[], today: Date): string {
  const date = new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeZone: "Europe/Berlin" }).format(today);
  const rows = [...variants]
    .sort((a, b) => a.priceGross - b.priceGross)
    .map((variant) =>
      [
        variant.name,
        bodyStyleLabel(variant.bodyStyle),
        fuelLabel(variant.fuel),
        formatPower(variant.powerHp),
        consumption(variant),
        `${variant.wltp.co2Combined} g/km`,
        variant.wltp.co2Class,
        formatEuro(variant.priceGross),
      ].map((cell, index) => {
        const room = CELL_WIDTHS[index];
        return room === undefined ? cell : fitText(cell, room, 8);
      }),
    );
  const title = `Preisliste ${brandName} ${modelName}`;
  const pages = tableDocument({
    title,
    intro: [`Autohaus Gruppe Nord – Stand: ${date}`, "Unverbindliche Preisempfehlungen inkl. 19 % MwSt., zzgl. Überführungskosten."],
    columns: COLUMNS,
    rows,
    size: A4_LANDSCAPE,
    notes: [
      "Die Verbrauchs- und Emissionswerte wurden nach dem vorgeschriebenen Messverfahren WLTP ermittelt (Pkw-EnVKV). Die CO2-Klasse ergibt sich aus den kombinierten CO2-Emissionen (A: 0 g/km bis G: ab 176 g/km).",
      `Privat-Leasing-Beispiele auf der Website: Leasing-Sonderzahlung ${formatEuro(STANDARD_LEASE.downPayment)}, Laufzeit ${STANDARD_LEASE.months} Monate, ${new Intl.NumberFormat("de-DE").format(STANDARD_LEASE.kmPerYear)} km pro Jahr, gebundener Sollzinssatz ${TWO_DECIMALS.format(STANDARD_LEASE.nominalRatePercent)} % p. a., effektiver Jahreszins ${TWO_DECIMALS.format(effectiveRate(STANDARD_LEASE.nominalRatePercent))} %. Bonität vorausgesetzt.`,
      "Änderungen, Irrtümer und Zwischenverkauf vorbehalten. Ihr persönliches Angebot erhalten Sie in unseren Autohäusern.",
    ],
  });
  return pdfDocument(title, pages, A4_LANDSCAPE);
}

/**
 * GET /{brand}/modelle/{model}/preisliste.pdf ("downloads"): the model line's
 * price list, built from the catalogue in D1 on each request, so it always shows today's prices.
 * Unknown brand or model (own keys only): 404; a line without variants: 404 (the page says
 * "auf Anfrage"); the catalogue failing: 503 with the German error page.
 */
export async function modelPriceList(c: Context<AppEnv>): Promise<Response> {
  const brand = BrandKeySchema.safeParse(c.req.param("brand"));
  const model = c.req.param("model") ?? "";
  const modelName = brand.success ? findModelLine(brand.data, model) : null;
  if (!brand.success || modelName === null) return staticErrorPage("page-not-found", 404, "Not Found");
  let variants: ModelVariant[];
  try {
    variants = await createServerPorts(c.env).models.variants(brand.data, model);
  } catch (error) {
    console.error(`[${c.get("requestId")}] price list ${brand.data}/${model}:`, error instanceof Error ? error.message : error);
    const response = staticErrorPage("something-went-wrong", 503, "Service Unavailable");
    response.headers.set("Retry-After", "60");
    return response;
  }
  if (variants.length === 0) return staticErrorPage("page-not-found", 404, "Not Found");
  const pdf = priceListPdf(BRAND_NAMES[brand.data], modelName, variants, new Date());
  return new Response(c.req.method === "HEAD" ? null : pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="preisliste-${brand.data}-${model}.pdf"`,
      "Cache-Control": "public, max-age=300",
      "Content-Length": String(pdf.length),
    },
  });
}
