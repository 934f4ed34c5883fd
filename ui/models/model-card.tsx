import { formatEuro } from "#domain/format.ts";
import { formatRange, type ModelSummary } from "#domain/model-catalogue.ts";
import { germanNumber } from "#domain/german-number.ts";
import { STANDARD_LEASE, effectiveRate } from "#domain/lease.ts";
import { Heading } from "#ui/heading.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import { fuelLabel } from "./labels.ts";
import { modelsPath } from "#domain/site-paths.ts";
import { CardImage } from "#ui/card-image.tsx";

/**
 * One model line in the overview: picture, name, cash price and lease example "ab" (with the
 * total PAngV asks for), fuels, and the consumption and CO2 values as ranges (Pkw-EnVKV: every
 * advertised new passenger car names them).
 */
export function ModelCard({ brand, model, level = 2 }: { brand: string; model: ModelSummary; level?: number }) {
  const href = modelsPath(brand, model.slug);
  return (
    <article className="model-card">
      <CardImage className="model-card__image" src={`/images/vehicles/${model.image}-1.svg`} />
      <Heading level={level} className="model-card__name">
        <SiteLink to={href}>{model.name}</SiteLink>
      </Heading>
      <p className="model-card__fuels">{model.fuels.map(fuelLabel).join(" · ")}</p>
      <p className="model-card__price">
        <span className="model-card__price-label">Barpreis ab</span> <strong>{formatEuro(model.priceFrom)}</strong>
      </p>
      <p className="model-card__lease">
        <span className="model-card__price-label">Privat-Leasing ab</span> <strong>{formatEuro(model.leaseFrom.monthlyRate)} mtl.</strong>
        <LeaseExampleRef />
        <span className="model-card__lease-total">
          {STANDARD_LEASE.months} Raten, Gesamtbetrag {formatEuro(model.leaseFrom.totalAmount)}
        </span>
      </p>
      <EnvkvValues model={model} />
    </article>
  );
}

/** The Pkw-EnVKV values of a model line as ranges over its variants. */
export function EnvkvValues({ model }: { model: ModelSummary }) {
  return (
    <p className="model-card__envkv">
      {model.consumption ? <>Kraftstoffverbrauch kombiniert: {formatRange(model.consumption)} l/100 km; </> : null}
      {model.powerConsumption ? <>Stromverbrauch kombiniert: {formatRange(model.powerConsumption)} kWh/100 km; </> : null}
      CO₂-Emissionen kombiniert: {formatRange(model.co2, 0)} g/km; CO₂-Klasse:{" "}
      {model.co2Classes.best === model.co2Classes.worst ? model.co2Classes.best : `${model.co2Classes.best}–${model.co2Classes.worst}`}
      {model.electricRange ? <>; elektrische Reichweite: {formatRange(model.electricRange, 0)} km</> : null}. Werte nach WLTP.
    </p>
  );
}

/** The lease example every "Leasing ab" refers to (PAngV § 6: the figures of a representative example). */
/** The footnote mark of a "Leasing ab" figure, leading to LeaseExampleNote. */
export function LeaseExampleRef() {
  return (
    <sup>
      <a href="#leasing-beispiel">
        1<span className="visually-hidden"> (Hinweis zum Leasing-Beispiel)</span>
      </a>
    </sup>
  );
}

export function LeaseExampleNote() {
  return (
    <p id="leasing-beispiel" className="models-page__note">
      <sup>1</sup> Privat-Leasing-Beispiel für die jeweils günstigste Ausführung zum Barpreis (UVP): Leasing-Sonderzahlung{" "}
      {formatEuro(STANDARD_LEASE.downPayment)}, Laufzeit {STANDARD_LEASE.months} Monate, Laufleistung{" "}
      {germanNumber().format(STANDARD_LEASE.kmPerYear)} km pro Jahr, gebundener Sollzinssatz{" "}
      {germanNumber({ min: 2, max: 3 }).format(STANDARD_LEASE.nominalRatePercent)} % p. a., effektiver Jahreszins{" "}
      {germanNumber({ min: 2, max: 3 }).format(effectiveRate(STANDARD_LEASE.nominalRatePercent))} %. Der Gesamtbetrag ist die Summe der
      Leasingraten und der Sonderzahlung; zzgl. Überführung. Bonität vorausgesetzt. Ein unverbindliches Rechenbeispiel, kein Angebot.
    </p>
  );
}
