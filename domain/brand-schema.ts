import * as z from "zod";
import { BRAND_KEYS } from "./brands.ts";

/** The brand key as a zod schema, for boundaries (route params, API queries, stock data). */
export const BrandKeySchema = z.enum(BRAND_KEYS);
