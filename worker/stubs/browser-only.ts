/**
 * What the worker bundle gets instead of browser-only packages (wrangler.toml [alias]): Leaflet and
 * its stylesheet are loaded by ui/location/leaflet-map.tsx in the browser only, after the maps
 * consent and after hydration; the server never renders the map, so it never needs them.
 */
export default {};
