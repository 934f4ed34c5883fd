import { locationPath } from "#domain/site-paths.ts";
import { useEffect, useRef } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { ExternalServices } from "#domain/site-config.ts";
import type { MapMarker } from "./location-map.tsx";

/**
 * The map environment of the spec (section 9): the map never leaves these bounds; without markers
 * it opens on the spec's center.
 */
export const MAP_BOUNDS: L.LatLngBoundsExpression = [
  [42.33, -7.57],
  [60.75, 18.02],
];
export const MAP_CENTER: L.LatLngExpression = [50.04, 3.725];
/** The demo map's background when no tile server is configured (kv-seed/geo/build-map-outline.ts). */
const OUTLINE_URL = "/maps/europe-outline.geo.json";

function popupContent(marker: MapMarker): HTMLElement {
  // Built from DOM nodes, never from HTML strings: names and addresses come from data.
  const box = document.createElement("div");
  const link = document.createElement("a");
  link.href = locationPath(encodeURIComponent(marker.slug));
  link.textContent = marker.name;
  const strong = document.createElement("strong");
  strong.appendChild(link);
  const address = document.createElement("p");
  address.textContent = marker.address;
  box.appendChild(strong);
  box.appendChild(address);
  return box;
}

/**
 * Leaflet (its own chunk, ui/location/location-map.tsx loads it after consent). Markers are
 * keyboard-focusable buttons named after their center (Enter opens the popup with the link); the
 * map pans with the arrow keys and zooms with + and −; the page scrolls over it (no wheel zoom).
 */
export default function LeafletMap({
  markers,
  settings,
  title,
  focusOnLoad,
}: {
  markers: readonly MapMarker[];
  settings: ExternalServices["maps"];
  title: string;
  focusOnLoad: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      center: MAP_CENTER,
      zoom: 5,
      minZoom: 4,
      maxZoom: settings.tileUrl ? 18 : 11,
      maxBounds: MAP_BOUNDS,
      maxBoundsViscosity: 1,
      scrollWheelZoom: false,
      zoomControl: false,
    });
    L.control.zoom({ zoomInTitle: "Vergrößern", zoomOutTitle: "Verkleinern" }).addTo(map);
    map.attributionControl.setPrefix(false);
    if (settings.tileUrl) {
      L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: 18 }).addTo(map);
    } else {
      map.attributionControl.addAttribution(settings.attribution);
      const abort = new AbortController();
      fetch(OUTLINE_URL, { signal: abort.signal })
        .then((response) => (response.ok ? (response.json() as Promise<GeoJSON.FeatureCollection>) : null))
        .then((outline: GeoJSON.FeatureCollection | null) => {
          if (outline)
            L.geoJSON(outline, { interactive: false, style: { color: "#4a5b6d", weight: 1, fillColor: "#eef3f8", fillOpacity: 1 } })
              .addTo(map)
              .bringToBack();
        })
        // The outline is decoration: without it the markers still stand on the plain background.
        .catch(() => undefined);
      map.on("unload", () => abort.abort());
    }
    const points: L.LatLngExpression[] = [];
    for (const marker of markers) {
      const point: L.LatLngExpression = [marker.latitude, marker.longitude];
      points.push(point);
      L.marker(point, {
        icon: L.divIcon({ className: "location-map__marker", iconSize: [28, 28], iconAnchor: [14, 28], popupAnchor: [0, -26] }),
        title: marker.name,
        alt: marker.name,
        keyboard: true,
        riseOnHover: true,
      })
        .bindPopup(() => popupContent(marker))
        .addTo(map);
    }
    const [only] = points;
    if (points.length === 1 && only) map.setView(only, 12);
    else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 11 });
    // The visitor just asked for the map: take them there (keyboard and screen-reader users too).
    if (focusOnLoad) element.focus();
    return () => {
      map.remove();
    };
  }, [markers, settings, focusOnLoad]);
  return (
    <div
      ref={container}
      className="location-map__canvas"
      role="region"
      aria-label={`${title} (Karte, mit den Pfeiltasten verschieben)`}
      tabIndex={0}
    />
  );
}
