import { useEffect, useState } from "react";

/**
 * The toast (spec section 2 "Shared pieces: … toast"): one short message at a time in a polite
 * live region that is in the document before the message arrives, so screen readers announce it.
 * It hides itself after a few seconds; the page keeps its own lasting confirmation. Rendered by
 * the pages that raise toasts (lead forms), so other pages do not load it.
 */
type Listener = (message: string) => void;
const listeners = new Set<Listener>();
const VISIBLE_MS = 6000;

export function showToast(message: string): void {
  for (const listener of listeners) listener(message);
}

export function ToastRegion() {
  const [message, setMessage] = useState("");
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener: Listener = (next) => {
      setMessage(next);
      clearTimeout(timer);
      timer = setTimeout(() => setMessage(""), VISIBLE_MS);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      clearTimeout(timer);
    };
  }, []);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {message ? <p className="toast">{message}</p> : null}
    </div>
  );
}
