/*
 * Local stand-in for the appointments service's booking widget (ADR 0014). It speaks the
 * protocol documented in docs/third-party-protocols.md, so `npm start` shows a working widget without
 * internet and the Playwright journeys test the real loading path. Not part of the site's bundle.
 */
(() => {
  const script = document.currentScript;
  const params = new URL(script?.src ? script.src : window.location.href).searchParams;
  const config = {
    app: params.get("app") || "",
    appCode: params.get("appcode") || "",
    settings: params.get("settings") || "",
    autoEnable: params.get("autoenable") !== "false",
  };
  const REQUEST_PAGE = "/werkstatt/online-werkstatttermin";
  const LABELS = { make: "Marke", location: "Standort", product_category: "Leistung" };
  let dialog = null;

  function injectStyles() {
    if (document.getElementById("demo-appointments-style")) return;
    const css = [
      ".demo-appointments{max-width:min(32rem,calc(100vw - 2rem));padding:1.5rem;border:2px solid #0b1f33;border-radius:.5rem;color:#0b1f33;background:#fff;font:inherit}",
      ".demo-appointments::backdrop{background:rgb(7 23 39 / .6)}",
      ".demo-appointments h2{margin:0 0 .75rem;font-size:1.375rem}",
      ".demo-appointments dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}",
      ".demo-appointments dt{font-weight:700}.demo-appointments dd{margin:0}",
      ".demo-appointments__actions{display:flex;flex-wrap:wrap;gap:.5rem}",
      ".demo-appointments__actions a,.demo-appointments__actions button{display:inline-flex;align-items:center;min-height:2.75rem;padding:.5rem 1rem;border-radius:.375rem;border:2px solid #0b1f33;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}",
      ".demo-appointments__actions a{background:#c2410c;border-color:#c2410c;color:#fff}",
      ".demo-appointments__actions button{background:#fff;color:#0b1f33}",
      ".demo-appointments :focus-visible{outline:3px solid #0b1f33;outline-offset:3px}",
    ].join("\n");
    document.head.append(element("style", { id: "demo-appointments-style" }, css));
  }

  function element(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    for (const child of children) node.append(child);
    return node;
  }

  /** Opens the booking dialog for the given options (make, location, product_category, product_category_hidden). */
  function open(options) {
    const given = options && typeof options === "object" ? options : {};
    close();
    injectStyles();
    const opener = document.activeElement;
    const rows = element("dl", { "data-testid": "appointment-options" });
    for (const key of ["make", "location", "product_category"]) {
      if (key === "product_category" && given.product_category_hidden) continue;
      const value = typeof given[key] === "string" && given[key] ? given[key] : "frei wählbar";
      rows.append(element("dt", {}, LABELS[key]), element("dd", { "data-option": key }, value));
    }
    const closeButton = element("button", { type: "button" }, "Schließen");
    dialog = element(
      "dialog",
      {
        class: "demo-appointments",
        "aria-labelledby": "demo-appointments-title",
        "data-app": config.app,
        "data-appcode": config.appCode,
        "data-settings": config.settings,
      },
      element("h2", { id: "demo-appointments-title" }, "Termin buchen (Demo)"),
      element("p", {}, "Dies ist die Demo des Buchungsfensters. Ihr Termin wird mit diesen Angaben angefragt:"),
      rows,
      element(
        "div",
        { class: "demo-appointments__actions" },
        element("a", { href: REQUEST_PAGE }, "Werkstatttermin anfragen"),
        closeButton,
      ),
    );
    closeButton.addEventListener("click", () => close());
    // Escape closes a modal <dialog> natively (the "close" event follows); focus goes back to the opener.
    dialog.addEventListener("close", () => {
      const closing = dialog;
      dialog = null;
      if (closing) closing.remove();
      if (opener && typeof opener.focus === "function" && opener.isConnected) opener.focus();
    });
    document.body.append(dialog);
    // A modal dialog keeps focus inside and makes the page behind it inert.
    dialog.showModal();
  }

  function close() {
    if (dialog?.open) dialog.close();
  }

  window.AppointmentsWidget = { version: 1, config, open, close };

  // autoenable=true would attach the widget to every [data-appointments-widget] element; the site
  // always sends autoenable=false and opens the widget itself.
  if (config.autoEnable) {
    for (const node of document.querySelectorAll("[data-appointments-widget]"))
      node.addEventListener("click", () => open({ ...node.dataset }));
  }
})();
