/*
 * Local stand-in for Cloudflare Turnstile's explicit-render API (ADR 0013), for the Playwright
 * journeys and offline demos: set TURNSTILE_SITE_KEY and TURNSTILE_SCRIPT_URL=/demo/turnstile.js.
 * It speaks the part of the protocol the forms use (docs/third-party-protocols.md): render(container,
 * options) → widget id, then options.callback(token) after a short "check"; reset(id) issues a new
 * token the same way; remove(id). The site key "demo-fail" makes every check fail
 * (options["error-callback"]). Tokens are "demo-turnstile.<n>"; the worker only verifies tokens when
 * TURNSTILE_SECRET_KEY is set (then against TURNSTILE_VERIFY_URL). Not part of the site's bundle.
 */
(() => {
  const widgets = new Map();
  let issued = 0;

  function check(id) {
    const widget = widgets.get(id);
    if (!widget) return;
    clearTimeout(widget.timer);
    widget.timer = setTimeout(() => {
      if (!widgets.has(id)) return;
      if (widget.options.sitekey === "demo-fail") widget.options["error-callback"]?.();
      else widget.options.callback?.(`demo-turnstile.${++issued}`);
    }, 150);
  }

  window.turnstile = {
    render(container, options) {
      const id = `demo-widget-${widgets.size + 1}`;
      widgets.set(id, { options, timer: 0 });
      container.dataset.turnstileWidget = id;
      check(id);
      return id;
    },
    reset(id) {
      check(id);
    },
    remove(id) {
      const widget = widgets.get(id);
      if (widget) clearTimeout(widget.timer);
      widgets.delete(id);
    },
  };
})();
