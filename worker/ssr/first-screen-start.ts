/** The latest start after the document was parsed, whatever is still loading. */
export const LATEST_START_MS = 3000;

/**
 * When a page's JavaScript starts (docs/decisions/0046-javascript-after-the-first-screen.md): not
 * with the document, but once the first screen is painted — after the `load` event (the document,
 * the stylesheet and the first screen's images are in) and two animation frames — or at once when
 * the visitor reaches for the page first (pointer, key, touch, focus), when the page is being
 * prerendered (the visitor is not looking yet, and activation should find it hydrated) or when it
 * loads in a background tab (nothing is painted there); at the latest LATEST_START_MS after the
 * document was parsed, should a first-screen image never finish.
 *
 * Until then no module is requested at all: no `<script type="module">`, no modulepreload in the
 * head, no entry in the Link header. On a phone on mobile data the document, the stylesheet and
 * the largest image no longer share the line with 85–120 KB of JavaScript, and Lighthouse's LCP no
 * longer counts the JavaScript's bytes and evaluation (its graph takes every request finished
 * before the largest paint). Everything works without JavaScript until it starts: links, GET
 * forms (carfinder filters, the quick search) and POST forms (consent, leads) are plain HTML.
 *
 * The returned code is one expression statement for the page's inline data script (with the nonce
 * on app pages, allowed by its hash on islands pages, ADR 0018); 'strict-dynamic' trusts the
 * script and preload elements it inserts.
 *
 * @example
 * startAfterFirstScreen("/assets/entry-x.js", ["/assets/framework-y.js"])
 * // '(function(){var p=["/assets/framework-y.js"],c=null,d=!1;…s.src="/assets/entry-x.js";…})();'
 */
export function startAfterFirstScreen(
  entry: string,
  preloads: readonly string[],
  /** An islands page: each island's chunks by name, preloaded for the islands found in the document. */
  islands: Readonly<Record<string, readonly string[]>> | null = null,
): string {
  const chunks = islands === null ? "null" : scriptJson(islands);
  return (
    `(function(){var p=${scriptJson(preloads)},c=${chunks},d=!1;` +
    // Start: the entry in a task of its own, then modulepreloads for its imports (and the islands'
    // chunks), two per task: each inserted preload starts a fetch on the main thread, twenty in one
    // go were one long task of ~150 ms in a traced load at 4x CPU, and the entry with four more
    // still reached 67 ms now and then (docs/performance.md, Total Blocking Time).
    "function g(){if(d)return;d=!0;var h=p.slice(),q=[],m={},i,n;" +
    'if(c){n=document.querySelectorAll("agn-island[data-island]");for(i=0;i<n.length;i++){var k=n[i].getAttribute("data-island");' +
    "if(k&&Object.prototype.hasOwnProperty.call(c,k))h=h.concat(c[k])}}" +
    "for(i=0;i<h.length;i++)if(!m[h[i]]){m[h[i]]=1;q.push(h[i])}" +
    `var s=document.createElement("script");s.type="module";s.src=${scriptJson(entry)};document.body.appendChild(s);` +
    'setTimeout(function e(){for(var j=0;j<2&&q.length;j++){var l=document.createElement("link");l.rel="modulepreload";l.href=q.shift();document.head.appendChild(l)}' +
    "if(q.length)setTimeout(e,0)},0)}" +
    'if(document.prerendering||document.visibilityState!=="visible"){g();return}' +
    '["pointerdown","keydown","touchstart","focusin"].forEach(function(t){addEventListener(t,g,{once:!0,capture:!0,passive:!0})});' +
    "function f(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(g,0)})})}" +
    // A first-screen image that never finishes must not keep the page without its JavaScript.
    `setTimeout(g,${LATEST_START_MS});` +
    'document.readyState==="complete"?f():addEventListener("load",f,{once:!0})})();'
  );
}

/** JSON that cannot end the inline script it is written into (`</script>`, `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}
