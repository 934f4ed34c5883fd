import { FactList } from "#ui/fact-list.tsx";
import { CO2_CLASSES, type Co2Class } from "#domain/vehicle-vocabulary.ts";
import type { Row } from "#domain/vehicle-detail.ts";

/**
 * Pkw-EnVKV block: consumption and CO2 facts and the CO2 class scale A–G (colours as on the
 * official label, the class also as text so colour is not the only cue). Plug-in hybrids show a
 * second scale for the discharged battery.
 */
function Co2Scale({ active, label }: { active: Co2Class; label: string }) {
  return (
    <figure className="co2-scale">
      <figcaption>{label}</figcaption>
      <ol aria-label={`${label}: Klasse ${active}`}>
        {CO2_CLASSES.map((co2Class) => (
          <li
            key={co2Class}
            className={`co2-scale__bar co2-scale__bar--${co2Class.toLowerCase()}`}
            aria-current={co2Class === active ? "true" : undefined}
          >
            <span aria-hidden={co2Class !== active}>{co2Class}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** `scale`: the class as the A–G graphic (stock setting co2Image), otherwise as text. */
export function EnergyLabel({
  rows,
  co2Class,
  co2ClassDischarged,
  legal,
  scale = true,
}: {
  rows: Row[];
  co2Class: Co2Class;
  co2ClassDischarged?: Co2Class;
  legal: boolean;
  scale?: boolean;
}) {
  const label = co2ClassDischarged ? "CO₂-Klasse gewichtet kombiniert" : "CO₂-Klasse";
  return (
    <section className="energy-label" aria-labelledby="energy-label-heading">
      <h2 id="energy-label-heading">{legal ? "Energieverbrauch und CO₂-Emissionen (Pkw-EnVKV)" : "Verbrauch und Emissionen"}</h2>
      <div className="energy-label__body">
        <FactList rows={rows} />
        <div className="energy-label__scales">
          {scale ? <Co2Scale active={co2Class} label={label} /> : <p>{`${label}: ${co2Class}`}</p>}
          {co2ClassDischarged ? (
            scale ? (
              <Co2Scale active={co2ClassDischarged} label="CO₂-Klasse bei entladener Batterie" />
            ) : (
              <p>{`CO₂-Klasse bei entladener Batterie: ${co2ClassDischarged}`}</p>
            )
          ) : null}
        </div>
      </div>
      <p className="energy-label__note">
        Die Werte wurden nach dem vorgeschriebenen Messverfahren WLTP ermittelt. Die CO₂-Klasse ergibt sich aus den kombinierten
        CO₂-Emissionen (A: 0 g/km bis G: ab 176 g/km).
      </p>
    </section>
  );
}
