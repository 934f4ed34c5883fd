import { useEffect, useRef } from "react";

/**
 * A ref for an element that takes keyboard focus whenever `when` becomes truthy: content that
 * replaces the control the visitor just used (a chat in place of its button, a notice in place of
 * a booking widget, an opened panel), so focus is not lost to the document.
 */
export function useFocusWhen<T extends HTMLElement>(when: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
  return ref;
}
