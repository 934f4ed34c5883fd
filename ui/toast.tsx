import { useEffect, useState } from "react";

/**
 * The toast (spec section 2 "Shared pieces: … toast"): one short message at a time in a polite
 * live region that is always in the document, so screen readers announce its first message too.
 * It hides itself after a few seconds; the page keeps its own lasting confirmation.
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
