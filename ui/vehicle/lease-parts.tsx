import { LEASE_PERKS } from "#domain/lease-choices.ts";

/**
 * Pieces every lease offer shows the same way: the lease overview and detail pages and the
 * editors' lease-offers block (content/blocks/stock-vehicle-blocks.tsx).
 */

/** What every lease includes, as a list named by `label` for screen readers. */
export function LeasePerks({ label = "Inklusive" }: { label?: string }) {
  return (
    <ul className="lease-perks" aria-label={label}>
      {LEASE_PERKS.map((perk) => (
        <li key={perk}>{perk}</li>
      ))}
    </ul>
  );
}

/** An offer's terms (domain/lease-choices.ts leaseOfferRows) as a description list. */
export function LeaseFacts({ rows }: { rows: ReadonlyArray<{ label: string; value: string }> }) {
  return (
    <dl className="lease-calculator__facts">
      {rows.flatMap(({ label, value }) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}
    </dl>
  );
}
