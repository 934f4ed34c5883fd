import { lazy, Suspense, useEffect, useState } from "react";
import { useExternalServices } from "#ui/site-context.tsx";
import { useConsentGate } from "#ui/consent/consent-gate.ts";
import { ConsentPlaceholder } from "#ui/consent/consent-placeholder.tsx";
import type { LocationSummary } from "#domain/data-schemas.ts";

/** One center on the map. */
export interface MapMarker {
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
  /** "Schleswiger Chaussee 40, 25813 Husum" */
  address: string;
}

/** The listed centers that have a coordinate, as map markers. */
export function mapMarkers(locations: readonly LocationSummary[]): MapMarker[] {
  return locations.flatMap((location) =>
    location.latitude !== undefined && location.longitude !== undefined
      ? [
          {
            slug: location.slug,
            name: location.name,
            latitude: location.latitude,
            longitude: location.longitude,
            address: `${location.street}, ${location.postalCode} ${location.city}`,
          },
        ]
      : [],
  );
}

// Leaflet and its stylesheet are a chunk of their own, requested only once the visitor allowed maps.
const LeafletMap = lazy(() => import("./leaflet-map.tsx"));

/**
 * The centers on a map (spec section 2 "map with markers"; section 4 "A map is not loaded without
 * cookie consent"). Without the "maps" consent nothing of it loads — no script, no stylesheet, no
 * tile — and a placeholder names the provider and offers to load it once or always; the list next
 * to it holds the same centers for everyone (and is what screen readers and keyboards use best).
 * The map itself is created after hydration in a box of fixed size, so nothing shifts.
 */
export function LocationMap({ markers, title, anchorId }: { markers: readonly MapMarker[]; title: string; anchorId: string }) {
  const gate = useConsentGate("maps");
  const maps = useExternalServices()?.maps;
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!maps || markers.length === 0) return null;
  if (!gate.allowed) {
    return (
      <ConsentPlaceholder
        gate={gate}
        providerName={maps.providerName}
        title={title}
        anchorId={anchorId}
        style={{ minHeight: "var(--map-height)" }}
      />
    );
  }
  return (
    <div className="location-map" id={anchorId}>
      {mounted ? (
        <Suspense fallback={<p className="location-map__loading">Karte wird geladen …</p>}>
          <LeafletMap markers={markers} settings={maps} title={title} focusOnLoad={gate.requested} />
        </Suspense>
      ) : null}
    </div>
  );
}
