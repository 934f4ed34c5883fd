/**
 * Loads a third-party script once per page, shared by everyone who needs it (spec section 7:
 * "Booking widget script loaded once … removed when the button unmounts"). Each user holds a
 * handle; the `<script>` element is inserted by the first `acquire(src)` and removed when the last
 * handle is released. A failed load removes the element at once, so a later `acquire` tries
 * again. Nothing here runs during SSR: callers acquire in effects and click handlers.
 *
 * The script is inserted by our own (nonce'd) code, so the page's CSP `'strict-dynamic'` trusts
 * it; no nonce is copied onto it.
 *
 * @example
 * const handle = acquireScript("/demo/chat-widget.js?id=agn-demo");
 * handle.ready.then(() => window.AutoChat?.mount(element, options));
 * // on unmount:
 * handle.release();
 */

/** The part of `document` the loader uses (tests pass a fake). */
export interface ScriptHost<E extends ScriptElement = ScriptElement> {
  createElement(tagName: "script"): E;
  head: { appendChild(node: E): unknown };
}

export interface ScriptElement {
  src: string;
  async: boolean;
  dataset: DOMStringMap;
  addEventListener(type: "load" | "error", listener: () => void, options?: { once?: boolean }): void;
  remove(): void;
}

export interface ScriptHandle {
  /** Resolves when the script has run; rejects when it failed to load. */
  ready: Promise<void>;
  /** Gives the script back; the last release removes the element. Calling it twice is harmless. */
  release(): void;
}

interface Entry<E extends ScriptElement> {
  element: E;
  ready: Promise<void>;
  users: number;
}

export interface ScriptLoader {
  acquire(src: string): ScriptHandle;
  /** How many handles hold `src` (0 when its element is gone). */
  users(src: string): number;
}

export function createScriptLoader<E extends ScriptElement>(host: () => ScriptHost<E>): ScriptLoader {
  const entries = new Map<string, Entry<E>>();

  function insert(src: string): Entry<E> {
    const element = host().createElement("script");
    element.src = src;
    element.async = true;
    element.dataset.externalService = "";
    let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
    const ready = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    element.addEventListener("load", () => settle?.resolve(), { once: true });
    element.addEventListener(
      "error",
      () => {
        if (entries.get(src) === entry) entries.delete(src);
        element.remove();
        settle?.reject(new Error(`script failed to load: ${src}`));
      },
      { once: true },
    );
    const entry: Entry<E> = { element, ready, users: 0 };
    entries.set(src, entry);
    host().head.appendChild(element);
    return entry;
  }

  return {
    acquire(src) {
      const entry = entries.get(src) ?? insert(src);
      entry.users += 1;
      let released = false;
      return {
        ready: entry.ready,
        release() {
          if (released) return;
          released = true;
          entry.users -= 1;
          if (entry.users === 0 && entries.get(src) === entry) {
            entries.delete(src);
            entry.element.remove();
          }
        },
      };
    },
    users(src) {
      return entries.get(src)?.users ?? 0;
    },
  };
}

/** The page's loader (browser only). */
export const scriptLoader: ScriptLoader = createScriptLoader<HTMLScriptElement>(() => document);

export function acquireScript(src: string): ScriptHandle {
  return scriptLoader.acquire(src);
}

/** A script URL (absolute or a path of ours) with query parameters set, keeping its own. */
export function withQuery(url: string, values: Record<string, string>): string {
  const [base, query = ""] = url.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  for (const [name, value] of Object.entries(values)) params.set(name, value);
  return `${base}?${params.toString()}`;
}
