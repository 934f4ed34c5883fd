import { useEffect, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { SiteLink } from "#ui/site-link.tsx";

/**
 * Toasts for changes to the compare list and the favourites (spec section 2
 * "toast"): one message at a time at the edge of the screen, with what to do next — open the
 * list after adding, undo after removing. The polite live region is in the document from the
 * moment the toggles are live, so screen readers announce each message. A toast stays 6 seconds
 * and waits while the pointer or the focus is on it (WCAG 2.2.1); "Schließen" ends it at once.
 *
 * Many toggles can be on a page (24 cards): the first mounted `ListToastHost` renders the region
 * (a portal into <body>), the others stand by and take over if it unmounts. Loaded with the live
 * toggles (first idle period), never with the page.
 */
export type ToastAction = { label: string; to: string } | { label: string; run: () => void };

export interface ListToast {
  id: number;
  text: string;
  action?: ToastAction | undefined;
}

export const TOAST_VISIBLE_MS = 6_000;

let current: ListToast | null = null;
let nextId = 1;
const hosts: object[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function showListToast(text: string, action?: ToastAction): void {
  current = { id: nextId++, text, action };
  emit();
}

export function dismissListToast(id?: number): void {
  if (id !== undefined && current?.id !== id) return;
  current = null;
  emit();
}

export function currentListToast(): ListToast | null {
  return current;
}

/** Subscribes to the toast and to which host renders it (what `useSyncExternalStore` reads). */
export const subscribeListToasts = subscribe;

export function isToastHost(token: object): boolean {
  return hosts[0] === token;
}

/**
 * A host joins the election as it mounts and leaves as it unmounts (the returned function).
 * Listeners hear only of a change of the first host: on a results page the other 24 joining would
 * each make every host check again, in the same task as the page's mount.
 */
export function joinToastHosts(token: object): () => void {
  if (hosts.push(token) === 1) emit();
  return () => {
    const wasFirst = hosts[0] === token;
    hosts.splice(hosts.indexOf(token), 1);
    if (wasFirst) emit();
  };
}

/** Renders the toast region if this is the first mounted host of the page. */
export function ListToastHost() {
  const [token] = useState(() => ({}));
  useEffect(() => joinToastHosts(token), [token]);
  const isHost = useSyncExternalStore(
    subscribe,
    () => isToastHost(token),
    () => false,
  );
  return isHost ? createPortal(<ToastRegion />, document.body) : null;
}

function ToastRegion() {
  const toast = useSyncExternalStore(subscribe, currentListToast, () => null);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!toast || held) return;
    const timer = setTimeout(() => dismissListToast(toast.id), TOAST_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [toast, held]);
  const action = toast?.action;
  return (
    <div
      className="toast-region toast-region--lists"
      role="status"
      aria-live="polite"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {toast ? (
        <div className="toast toast--with-actions" key={toast.id}>
          <p>{toast.text}</p>
          {action && "to" in action ? (
            <SiteLink className="toast__action" to={action.to} onClick={() => dismissListToast(toast.id)}>
              {action.label}
            </SiteLink>
          ) : action ? (
            <button
              type="button"
              className="toast__action"
              onClick={() => {
                dismissListToast(toast.id);
                action.run();
              }}
            >
              {action.label}
            </button>
          ) : null}
          <button type="button" className="toast__close" aria-label="Hinweis schließen" onClick={() => dismissListToast(toast.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
