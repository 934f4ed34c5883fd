/*
 * Local stand-in for the tag manager (ADR 0022), loaded as /demo/tag-manager.js?id={tagManagerId} exactly
 * as the real one (gtm.js?id=…): it reads `window.dataLayer` the way a tag manager does — the
 * entries already there, then every later push — and keeps what it saw in
 * `window.demoTagManager` (container id, events, the global data object at each event) so that
 * `npm start` and the Playwright journeys show the path end to end without a third party.
 * Nothing leaves the browser. Not part of the site's bundle.
 */
(() => {
  const script = document.currentScript;
  const containerId = new URL(script?.src ? script.src : window.location.href).searchParams.get("id") || "";
  const seen = { containerId, events: [], dataAtEvent: [] };
  window.demoTagManager = seen;
  window.dataLayer = window.dataLayer || [];
  const layer = window.dataLayer;
  function take(entry) {
    if (!entry || typeof entry !== "object" || typeof entry.event !== "string") return;
    seen.events.push(entry.event);
    seen.dataAtEvent.push(window.vmData ? JSON.parse(JSON.stringify(window.vmData)) : null);
  }
  for (const entry of layer) take(entry);
  const push = layer.push.bind(layer);
  layer.push = (...entries) => {
    for (const entry of entries) take(entry);
    return push(...entries);
  };
})();
