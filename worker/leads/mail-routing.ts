import * as z from "zod";
import { BRAND_KEYS, BRAND_NAMES, type BrandKey } from "#domain/brands.ts";
import { isOneOf } from "#domain/is-one-of.ts";
import { isMailAddress } from "../env.ts";

/**
 * Who gets a lead's e-mail (docs/leads.md "E-mail"): the responsible center's sales or service
 * address, by the lead's kind and brand. A center lists its addresses in `locations.lead_emails`
 * (migrations/0015_lead_mail.sql); the most specific entry wins (department and brand, then the
 * department), then the center's general `email`, then the group's LEAD_MAIL_FALLBACK_TO.
 */
export type Department = "sales" | "service" | "general";

const LeadEmailSchema = z.object({
  department: z.enum(["sales", "service"]),
  brand: z.enum(BRAND_KEYS).optional(),
  to: z.string().refine(isMailAddress),
});
export type LeadEmail = z.output<typeof LeadEmailSchema>;

const CenterRowSchema = z.object({
  slug: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  lead_emails: z.string(),
});

export interface Center {
  slug: string;
  name: string;
  email: string | null;
  leadEmails: LeadEmail[];
}

/** The center's name and addresses; null when the slug names none. D1 errors propagate (the lead is retried). */
export async function loadCenter(db: D1Database, slug: string): Promise<Center | null> {
  const row = await db.prepare("SELECT slug, name, email, lead_emails FROM locations WHERE slug = ?").bind(slug).first();
  if (row === null) return null;
  const center = CenterRowSchema.parse(row);
  return { slug: center.slug, name: center.name, email: center.email, leadEmails: parseLeadEmails(center.lead_emails, center.slug) };
}

/** A malformed list costs the specific addresses (the general one still works), never the lead. */
export function parseLeadEmails(json: string, slug: string): LeadEmail[] {
  try {
    return z.array(LeadEmailSchema).parse(JSON.parse(json));
  } catch {
    console.warn(`center ${slug}: lead_emails is not a list of { department, brand?, to }: its general address is used`);
    return [];
  }
}

/**
 * Sales for anything about buying (test drive, vehicle or model enquiry, trade-in — which is part of
 * a purchase — and finance or lease interest), service for the workshop; a direct contact by its topic.
 */
export function departmentOf(kind: string, payload: Record<string, unknown>): Department {
  switch (kind) {
    case "test_drive":
    case "interest":
    case "model_contact":
    case "trade_in":
      return "sales";
    case "workshop_appointment":
      return "service";
    case "direct_contact":
      return payload.topic === "sales" ? "sales" : payload.topic === "service" || payload.topic === "parts" ? "service" : "general";
    default:
      return "general";
  }
}

const normalise = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The brand a visitor typed as their car's make ("Mercedes", "mercedes-benz", "HYUNDAI"), if it is one of ours. */
export function brandOfMake(make: unknown): BrandKey | undefined {
  if (typeof make !== "string") return undefined;
  const typed = normalise(make);
  if (typed.length < 3) return undefined;
  return BRAND_KEYS.find((brand) => {
    const name = normalise(BRAND_NAMES[brand]);
    return typed === normalise(brand) || typed === name || (typed.length >= 4 && name.startsWith(typed));
  });
}

export function isBrand(value: unknown): value is BrandKey {
  return typeof value === "string" && isOneOf(BRAND_KEYS, value);
}

/** The address for this department and brand, or null: the lead then cannot go out by e-mail. */
export function recipientOf(
  center: Center | null,
  department: Department,
  brand: BrandKey | undefined,
  fallback: string | undefined,
): string | null {
  if (center && department !== "general") {
    const entries = center.leadEmails.filter((entry) => entry.department === department);
    const specific = (brand && entries.find((entry) => entry.brand === brand)) || entries.find((entry) => entry.brand === undefined);
    if (specific) return specific.to;
  }
  if (center?.email && isMailAddress(center.email)) return center.email;
  return fallback ?? null;
}
