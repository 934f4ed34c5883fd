import { useEffect, useState, type FormEvent } from "react";
import { useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from "react-router";
import { vehiclePath, vehicleFormPath } from "#domain/site-paths.ts";
import { leaseCalculatorPath } from "#domain/lease-paths.ts";
import { formatEuro } from "#domain/format.ts";
import { leaseRate, STANDARD_LEASE } from "#domain/lease.ts";
import { MARGIN_TAXED_NOTE } from "#domain/offer-wording.ts";
import {
  LEASE_CUSTOMERS,
  LEASE_KM_PER_YEAR,
  LEASE_MONTHS,
  LEASE_PARAMS,
  maxDownPayment,
  parseLeaseChoice,
  VAT_RATE,
  type LeaseChoice,
} from "#domain/lease-choices.ts";
import { PageHead } from "#ui/page-head.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import { trackEvent } from "#ui/analytics/analytics.ts";
import { isOneOf } from "#domain/is-one-of.ts";
import { germanNumber } from "#domain/german-number.ts";

const NUMBER = germanNumber();
const PERCENT = germanNumber({ min: 2, max: 2 });

/**
 * The lease calculator (/stock/{vehicle}/lease-calculator, spec section 2): the monthly rate of a
 * vehicle from its price, the down payment, term and mileage with the documented formula
 * (domain/lease.ts), and the figures PAngV § 6 asks for next to a rate. A GET form: without
 * JavaScript "Rate berechnen" reloads with the choice; with it the rate follows every change.
 * The starting point is the vehicle's own lease offer where it has one.
 */
export async function loader(args: LoaderFunctionArgs) {
  // The loader module (param schemas, zod) loads with the loader, not with the page (ADR 0006).
  const { loadVehicleRoute } = await import("./vehicle-loader.ts");
  const route = await loadVehicleRoute(args, "lease-vehicle-not-found", (vehicle, brand) => leaseCalculatorPath(vehicle, brand));
  const offer = route.vehicle.offers.find((candidate) => candidate.type === "private_lease");
  const defaults: LeaseChoice = {
    months:
      offer?.contractDurationMonths && isOneOf(LEASE_MONTHS, offer.contractDurationMonths)
        ? offer.contractDurationMonths
        : STANDARD_LEASE.months,
    kmPerYear:
      offer?.annualDistanceKm && isOneOf(LEASE_KM_PER_YEAR, offer.annualDistanceKm) ? offer.annualDistanceKm : STANDARD_LEASE.kmPerYear,
    downPayment: 0,
    customer: "privat",
  };
  const choice = parseLeaseChoice(new URL(args.request.url).searchParams, route.vehicle.price, defaults);
  return { ...route, choice };
}

export function Component() {
  const { vehicle, brand, choice: initial } = useLoaderData<typeof loader>();
  const [choice, setChoice] = useState(initial);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => setChoice(initial), [initial]);
  useEffect(() => {
    trackEvent("view_vehicle_lease_calculator", { vehicle_id: String(vehicle.id), location_id: vehicle.locationSlug });
  }, [vehicle.id, vehicle.locationSlug]);

  const price = vehicle.price;
  const result = leaseRate({
    price,
    downPayment: choice.downPayment,
    months: choice.months,
    kmPerYear: choice.kmPerYear,
    nominalRatePercent: STANDARD_LEASE.nominalRatePercent,
  });
  const business = choice.customer === "gewerblich";
  const net = (amount: number) => Math.round(amount / (1 + VAT_RATE));
  const shown = (amount: number) => (business ? net(amount) : amount);
  const taxNote = business ? "zzgl. 19 % MwSt." : "inkl. 19 % MwSt.";
  const maxDown = maxDownPayment(price);
  const title = `Leasingrechner: ${vehicle.title}`;

  function update(next: Partial<LeaseChoice>) {
    setChoice((current) => ({ ...current, ...next }));
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams({
      [LEASE_PARAMS.months]: String(choice.months),
      [LEASE_PARAMS.km]: String(choice.kmPerYear),
      [LEASE_PARAMS.downPayment]: String(choice.downPayment),
      [LEASE_PARAMS.customer]: choice.customer,
    });
    navigate(`${location.pathname}?${params}`, { replace: true, preventScrollReset: true });
  }

  return (
    <article className="page lease-calculator">
      <PageHead
        title={title}
        description={`Leasingrate für ${vehicle.title} berechnen: Laufzeit, Laufleistung und Sonderzahlung wählen.`}
        noindex
      />
      <h1>{title}</h1>
      <p className="page__intro">
        Fahrzeugpreis {formatEuro(price)} ({vehicle.vatReportable ? "inkl. 19 % MwSt." : `Endpreis, ${MARGIN_TAXED_NOTE}`}). Wählen Sie
        Laufzeit, Laufleistung und Leasing-Sonderzahlung – die Rate ändert sich sofort.
      </p>
      <div className="lease-calculator__layout">
        <form className="lease-calculator__form" method="get" action={location.pathname} onSubmit={submit} aria-label="Leasing berechnen">
          <fieldset>
            <legend>Kundenart</legend>
            {LEASE_CUSTOMERS.map((customer) => (
              <label key={customer.key} className="lease-calculator__choice">
                <input
                  type="radio"
                  name={LEASE_PARAMS.customer}
                  value={customer.key}
                  checked={choice.customer === customer.key}
                  onChange={() => update({ customer: customer.key })}
                />
                {customer.label}
              </label>
            ))}
          </fieldset>
          <label className="lease-calculator__field">
            <span>Laufzeit</span>
            <select name={LEASE_PARAMS.months} value={choice.months} onChange={(event) => update({ months: Number(event.target.value) })}>
              {LEASE_MONTHS.map((months) => (
                <option key={months} value={months}>
                  {months} Monate
                </option>
              ))}
            </select>
          </label>
          <label className="lease-calculator__field">
            <span>Laufleistung pro Jahr</span>
            <select name={LEASE_PARAMS.km} value={choice.kmPerYear} onChange={(event) => update({ kmPerYear: Number(event.target.value) })}>
              {LEASE_KM_PER_YEAR.map((km) => (
                <option key={km} value={km}>
                  {NUMBER.format(km)} km
                </option>
              ))}
            </select>
          </label>
          <label className="lease-calculator__field">
            <span>Leasing-Sonderzahlung in € (0 bis {NUMBER.format(maxDown)} €)</span>
            <input
              type="number"
              name={LEASE_PARAMS.downPayment}
              min={0}
              max={maxDown}
              step={100}
              inputMode="numeric"
              value={choice.downPayment}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (Number.isFinite(value)) update({ downPayment: Math.min(maxDown, Math.max(0, value)) });
              }}
            />
          </label>
          <button type="submit" className="button button--secondary button--medium">
            Rate berechnen
          </button>
        </form>
        <section className="lease-calculator__result" aria-labelledby="lease-result-heading">
          <h2 id="lease-result-heading">Ihre Leasingrate</h2>
          <p className="lease-calculator__rate" aria-live="polite" aria-atomic="true">
            <strong>{formatEuro(shown(result.monthlyRate))}</strong> monatlich <span>{taxNote}</span>
          </p>
          <dl className="lease-calculator__facts">
            <dt>Fahrzeugpreis</dt>
            <dd>{formatEuro(shown(price))}</dd>
            <dt>Leasing-Sonderzahlung</dt>
            <dd>{formatEuro(shown(choice.downPayment))}</dd>
            <dt>Laufzeit</dt>
            <dd>{choice.months} Monate</dd>
            <dt>Laufleistung</dt>
            <dd>{NUMBER.format(choice.kmPerYear)} km pro Jahr</dd>
            <dt>Sollzinssatz (gebunden)</dt>
            <dd>{PERCENT.format(STANDARD_LEASE.nominalRatePercent)} % p. a.</dd>
            <dt>Effektiver Jahreszins</dt>
            <dd>{PERCENT.format(result.effectiveRatePercent)} %</dd>
            <dt>Kalkulierter Restwert</dt>
            <dd>{formatEuro(shown(result.residualValue))}</dd>
            <dt>Gesamtbetrag</dt>
            <dd>{formatEuro(shown(result.totalAmount))}</dd>
          </dl>
          <p className="lease-calculator__note">
            Gesamtbetrag: Leasing-Sonderzahlung und {choice.months} Monatsraten, {taxNote}, zzgl. Überführung. Mehr- und Minderkilometer
            werden am Vertragsende verrechnet. Unverbindliches Rechenbeispiel (Restwertleasing, Bonität vorausgesetzt), kein Angebot – Ihr
            persönliches Angebot erhalten Sie von uns.
          </p>
          <div className="button-row">
            <SiteLink className="button button--primary button--medium" to={vehicleFormPath(vehicle, "interest", brand)}>
              Leasing-Angebot anfragen
            </SiteLink>
            <SiteLink className="button button--tertiary button--medium" to={vehiclePath(vehicle, brand)}>
              Zum Fahrzeug
            </SiteLink>
          </div>
        </section>
      </div>
    </article>
  );
}
