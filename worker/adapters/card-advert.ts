import * as z from "zod";
import { berlinTime } from "#domain/opening-status.ts";
import { advertPrice, cardAdvert, type CardAdvert } from "#domain/vehicle-advert.ts";
import { CategorySchema, ConditionSchema, FuelSchema, WltpSchema } from "#domain/vehicle.ts";
import { SearchResultCardSchema, type SearchResultCard } from "#domain/vehicle-search-result.ts";
import type { AcquisitionType } from "#domain/vehicle-vocabulary.ts";
import { isolateRecord } from "../isolate-state.ts";

/**
 * What a card's advert needs beyond the card's own columns (domain/vehicle-advert.ts): the VAT
 * status, category and energy data from the vehicle's document and its price history, read in the
 * same statement by primary key. Selected only for the page's cards, never in a scan: for
 * `vehicles` rows that are sorted first, SQLite would compute these for every row it sorts.
 */
export const ADVERT_COLUMNS_SQL = `(SELECT json_extract(data, '$.vatReportable', '$.category', '$.wltp', '$.electricRangeKm') FROM vehicle_documents WHERE vehicle_documents.id = vehicles.id) AS advertData,
    (SELECT json_group_array(json_array(price, valid_from)) FROM vehicle_prices WHERE vehicle_prices.vehicle_id = vehicles.id) AS priceHistory`;

const CardRowSchema = SearchResultCardSchema.omit({ advert: true }).extend({
  advertData: z.string().nullable(),
  priceHistory: z.string().nullable(),
});
const AdvertDataSchema = z.tuple([z.boolean(), CategorySchema, WltpSchema, z.number().positive().nullable()]);
const HistorySchema = z.array(z.tuple([z.number().int().positive(), z.string()]));

function parseJson<T>(text: string | null, schema: z.ZodType<T>): T | null {
  if (text === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const said = isolateRecord("card advert warned", () => ({ warned: false }));

/**
 * A card from its D1 row (card columns plus ADVERT_COLUMNS_SQL). A vehicle whose document cannot
 * be read (a stock import bug, never expected) still gets its card, with its price and no claim it
 * cannot back: no VAT wording, no reduction, no energy line; logged once per isolate.
 */
export function cardOf(row: unknown, priceType: AcquisitionType, today = berlinTime(new Date()).date): SearchResultCard {
  const { advertData, priceHistory, ...card } = CardRowSchema.parse(row);
  const data = parseJson(advertData, AdvertDataSchema);
  const condition = ConditionSchema.safeParse(card.condition);
  const fuel = FuelSchema.safeParse(card.fuel);
  const prices = { priceType, rate: card.price, purchase: card.pricePurchase };
  let advert: CardAdvert;
  if (data && condition.success && fuel.success) {
    const [vatReportable, category, wltp, electricRangeKm] = data;
    const vehicle = {
      vatReportable,
      category,
      wltp,
      electricRangeKm: electricRangeKm ?? undefined,
      condition: condition.data,
      fuel: fuel.data,
    };
    const history = parseJson(priceHistory, HistorySchema)?.map(([price, validFrom]) => ({ price, validFrom })) ?? null;
    advert = cardAdvert(vehicle, prices, history, today);
  } else {
    if (!said.warned)
      console.warn(`result card ${card.id}: the vehicle's document lacks its VAT status or energy data; card shown without them`);
    said.warned = true;
    advert = {
      price: advertPrice(prices),
      note: priceType === "purchase" || card.price === null ? "Gesamtpreis" : "monatliche Rate",
      reduction: null,
      energy: null,
    };
  }
  return { ...card, advert };
}
