import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { get } from "./test-support/requests.ts";

/** An available vehicle by its VAT status (UStG § 25a), with a private finance offer when asked. */
async function vehicleWith(vatReportable: boolean): Promise<{ id: number; slug: string }> {
  const row = await env.DB.prepare(
    `SELECT d.id, json_extract(d.data, '$.slug') AS slug FROM vehicle_documents d JOIN vehicles v ON v.id = d.id
      WHERE v.status = 'available' AND json_extract(d.data, '$.vatReportable') = ?1 AND v.price_private_finance IS NOT NULL
      ORDER BY d.id LIMIT 1`,
  )
    .bind(vatReportable ? 1 : 0)
    .first<{ id: number; slug: string }>();
  if (!row) throw new Error(`no vehicle with vatReportable ${vatReportable}`);
  return row;
}
const text = async (path: string) => {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "");
};

describe("price wording follows the vehicle's VAT (PAngV, UStG § 25a)", () => {
  it("a margin-taxed car: an end price without a VAT statement, on its page and in its lease calculator", async () => {
    const { id, slug } = await vehicleWith(false);
    const page = await text(`/carfinder/${id}-1-${slug}`);
    expect(page).toContain("Endpreis, differenzbesteuert nach § 25a UStG: die Mehrwertsteuer wird nicht gesondert ausgewiesen.");
    expect(page).toContain("Das Fahrzeug ist differenzbesteuert nach § 25a UStG.");
    expect(page).not.toContain("Alle Preise inkl. 19 % MwSt.");
    const calculator = await text(`/stock/${id}-1-${slug}/lease-calculator`);
    expect(calculator).toContain("(Endpreis, differenzbesteuert nach § 25a UStG)");
    expect(calculator).not.toContain("(inkl. 19 % MwSt.)");
  });

  it("a car with reportable VAT: prices incl. 19 % VAT", async () => {
    const { id, slug } = await vehicleWith(true);
    const page = await text(`/carfinder/${id}-1-${slug}`);
    expect(page).toContain("Alle Preise inkl. 19 % MwSt.");
    expect(page).not.toContain("§ 25a");
    expect(await text(`/stock/${id}-1-${slug}/lease-calculator`)).toContain("(inkl. 19 % MwSt.)");
  });
});
