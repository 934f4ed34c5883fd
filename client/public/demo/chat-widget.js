/*
 * Local stand-in for the autochat vendor (ADR 0014). It speaks the protocol documented in
 * docs/third-party-protocols.md, so `npm start` shows a working chat without internet and the Playwright
 * journeys test the real loading path. Not part of the site's bundle. Messages go nowhere.
 */
(() => {
  const script = document.currentScript;
  const chatId = new URL(script?.src ? script.src : window.location.href).searchParams.get("id") || "";
  const GREETING = "Moin! Schön, dass Sie da sind. Wie können wir Ihnen helfen?";
  const REPLY =
    "Danke für Ihre Nachricht. Dies ist ein Demo-Chat: Ihre Nachricht wird nicht übertragen. Für eine echte Anfrage rufen Sie uns bitte an oder schreiben Sie uns eine E-Mail.";
  let sessions = 0;

  function injectStyles() {
    if (document.getElementById("demo-chat-style")) return;
    const style = document.createElement("style");
    style.id = "demo-chat-style";
    style.textContent = [
      ".demo-chat{display:grid;gap:.75rem}",
      ".demo-chat__log{display:grid;gap:.5rem;max-height:16rem;overflow-y:auto}",
      ".demo-chat__message{max-width:85%;margin:0;padding:.5rem .75rem;border-radius:.75rem;background:#eef3f8;color:#0b1f33}",
      ".demo-chat__message--own{justify-self:end;background:#12375c;color:#fff}",
      ".demo-chat__form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}",
      ".demo-chat__form label{flex:1 1 100%;font-weight:600}",
      ".demo-chat__form input{flex:1 1 10rem;min-height:2.75rem;padding:.5rem;border:1px solid #4a5b6d;border-radius:.375rem;font:inherit}",
      ".demo-chat__form button{min-height:2.75rem;padding:.5rem 1rem;border:0;border-radius:.375rem;background:#12375c;color:#fff;font:inherit;font-weight:600;cursor:pointer}",
    ].join("\n");
    document.head.appendChild(style);
  }

  function message(text, own) {
    const item = document.createElement("p");
    item.className = own ? "demo-chat__message demo-chat__message--own" : "demo-chat__message";
    item.textContent = text;
    return item;
  }

  /** Renders the chat into `element`; resolves with `{ unmount }` once it is ready. */
  function mount(element, options) {
    if (!(element instanceof HTMLElement)) return Promise.reject(new Error("AutoChat.mount needs an element"));
    sessions += 1;
    const id = `demo-chat-${sessions}`;
    injectStyles();
    return new Promise((resolve) => {
      // A short connection delay, as a real vendor has: the site shows "loading" meanwhile.
      window.setTimeout(() => {
        const root = document.createElement("div");
        root.className = "demo-chat";
        root.dataset.chatId = options?.chatId || chatId;
        const log = document.createElement("div");
        log.className = "demo-chat__log";
        log.setAttribute("role", "log");
        // It scrolls: keyboard users must be able to reach it (WCAG 2.1.1).
        log.tabIndex = 0;
        log.setAttribute("aria-label", "Chatverlauf");
        log.append(message(GREETING, false));
        const form = document.createElement("form");
        form.className = "demo-chat__form";
        form.innerHTML = `<label for="${id}-input">Ihre Nachricht</label><input id="${id}-input" name="message" autocomplete="off" required><button type="submit">Senden</button>`;
        form.addEventListener("submit", (event) => {
          event.preventDefault();
          const input = form.elements.namedItem("message");
          const text = input.value.trim();
          if (!text) return;
          log.append(message(text, true), message(REPLY, false));
          input.value = "";
          log.scrollTop = log.scrollHeight;
        });
        root.append(log, form);
        element.replaceChildren(root);
        resolve({ unmount: () => root.remove() });
      }, 200);
    });
  }

  window.AutoChat = { version: 1, chatId, mount };
})();
