import { SiteLink } from "#ui/site-link.tsx";
import { Island } from "#ui/islands/island.tsx";
import { PhotoSpinnerTeaser } from "#ui/vehicle/photo-spinner-teaser.tsx";
import { formatEuro } from "#domain/format.ts";
import { LEASE_SECTIONS, leaseOfferRows } from "#domain/lease-choices.ts";
import { LeaseFacts, LeasePerks } from "#ui/vehicle/lease-parts.tsx";
import type { Vehicle } from "#domain/vehicle.ts";
import { carfinderPath, vehiclePath, vehicleFormPath } from "#domain/site-paths.ts";
import { leasePath } from "#domain/lease-paths.ts";
import type { StockLeaseDetailBlock, StockMediaGalleryBlock, StockPhotoSpinnerBlock } from "../block-schemas.ts";
import type { BlockRenderContext } from "../block-data.ts";
import type { BlockProps } from "./block-props.ts";
import { headingId, SectionWithHeader } from "./block-parts.tsx";

/**
 * Stock blocks of one vehicle (spec "Stock blocks: … media gallery, photo
 * spinner, … lease detail"): the editor names a vehicle by its number or URL, the route loads it
 * (BlockDataNeed "vehicle"). A sold or unknown vehicle, or D1 failing, costs the block's content
 * only: it says so and leads to the carfinder.
 */
function vehicleOf(uid: string, context: BlockRenderContext): Vehicle | "error" | null {
  const entry = context.data[uid];
  if (entry?.kind === "error") return "error";
  return entry?.kind === "vehicle" ? entry.vehicle : null;
}

function Unavailable({ error }: { error: boolean }) {
  return (
    <p className="block__empty" role="status">
      {error ? "Das Fahrzeug konnte nicht geladen werden." : "Dieses Fahrzeug ist nicht mehr verfügbar."}{" "}
      <SiteLink to={carfinderPath()}>Weitere Fahrzeuge in der Fahrzeugsuche</SiteLink>
    </p>
  );
}

function VehicleBlock({
  block,
  context,
  level,
  render,
  className,
  children,
}: BlockProps<StockMediaGalleryBlock | StockPhotoSpinnerBlock | StockLeaseDetailBlock> & {
  className: string;
  children: (vehicle: Vehicle, id: string) => React.ReactNode;
}) {
  const id = headingId(block._uid);
  const vehicle = vehicleOf(block._uid, context);
  const ready = vehicle !== null && vehicle !== "error";
  return (
    <SectionWithHeader
      block={block}
      fallback={ready ? vehicle.title : undefined}
      className={`block ${className}`}
      level={level}
      render={render}
    >
      {ready ? children(vehicle, id) : <Unavailable error={vehicle === "error"} />}
    </SectionWithHeader>
  );
}

/** Every picture of the vehicle, without JavaScript (a grid; the first one large). */
export function StockMediaGalleryView(props: BlockProps<StockMediaGalleryBlock>) {
  return (
    <VehicleBlock {...props} className="stock-media-gallery">
      {(vehicle) => (
        <>
          <ul className="stock-media-gallery__list">
            {vehicle.images.map((image, index) => (
              <li key={image}>
                <img
                  src={image}
                  alt={`${vehicle.title} – Bild ${index + 1} von ${vehicle.images.length}`}
                  width={800}
                  height={500}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
          <p>
            <SiteLink to={vehiclePath(vehicle)}>{`Zum Fahrzeug: ${vehicle.title}`}</SiteLink>
          </p>
        </>
      )}
    </VehicleBlock>
  );
}

/** The 360° view (an island; its code and sprite load when the visitor asks). */
export function StockPhotoSpinnerView(props: BlockProps<StockPhotoSpinnerBlock>) {
  return (
    <VehicleBlock {...props} className="stock-photo-spinner">
      {(vehicle) => (
        <>
          {vehicle.spin ? (
            <Island
              name="photo-spinner"
              component={PhotoSpinnerTeaser}
              props={{ spin: vehicle.spin, title: vehicle.title, image: vehicle.images[0] }}
            />
          ) : (
            <>
              <img src={vehicle.images[0]} alt={vehicle.title} width={800} height={500} loading="lazy" decoding="async" />
              <p>Für dieses Fahrzeug gibt es keine 360°-Ansicht.</p>
            </>
          )}
          <p>
            <SiteLink to={vehiclePath(vehicle)}>{`Zum Fahrzeug: ${vehicle.title}`}</SiteLink>
          </p>
        </>
      )}
    </VehicleBlock>
  );
}

/** A lease offer of the vehicle with its legal facts, the perks and the way to ask for it. */
export function StockLeaseDetailView(props: BlockProps<StockLeaseDetailBlock>) {
  const section = LEASE_SECTIONS.find((candidate) => candidate.type === props.block.lease_type) ?? LEASE_SECTIONS[0];
  return (
    <VehicleBlock {...props} className="stock-lease-detail">
      {(vehicle) => {
        const offer = vehicle.offers.find((candidate) => candidate.type === section.type);
        if (!offer) {
          return (
            <p className="block__empty">
              {`Für dieses Fahrzeug gibt es derzeit kein ${section.title}-Angebot.`}{" "}
              <SiteLink to={leasePath(section.key)}>{`Alle Angebote im ${section.title}`}</SiteLink>
            </p>
          );
        }
        const detail = leasePath(section.key, null, vehicle);
        return (
          <div className="stock-lease-detail__body">
            <img src={vehicle.images[0]} alt="" width={800} height={500} loading="lazy" decoding="async" />
            <div>
              <p className="model-page__price">
                <strong>{`${formatEuro(offer.price)} mtl.`}</strong>
                <span className="model-page__price-note">{`${section.title}, ${section.tax}`}</span>
              </p>
              <LeaseFacts rows={leaseOfferRows(vehicle, offer, section)} />
              <LeasePerks />
              <div className="button-row">
                <SiteLink
                  className="button button--primary button--medium"
                  to={`${vehicleFormPath(vehicle, "interest")}?angebot=${section.type}`}
                >
                  Leasing anfragen
                </SiteLink>
                <SiteLink className="button button--secondary button--medium" to={detail}>
                  Zum Angebot
                </SiteLink>
              </div>
            </div>
          </div>
        );
      }}
    </VehicleBlock>
  );
}
