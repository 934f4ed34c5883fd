import { useRef, useState } from "react";
import type { PhotoSpinner } from "./photo-spinner.tsx";

/**
 * The 360° view on demand (gallery and spinner block): `Spinner` once loaded, `openButton` the
 * "360°-Ansicht" button that loads it (the spinner's code comes with the click, not with the page),
 * `close` that hides it and returns focus to the button, `reset` that hides it without.
 */
export function usePhotoSpinner() {
  const [Spinner, setSpinner] = useState<typeof PhotoSpinner | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const openButton = (
    <button
      ref={button}
      type="button"
      className="image-gallery__spin"
      onClick={() => void import("./photo-spinner.tsx").then((module) => setSpinner(() => module.PhotoSpinner))}
    >
      360°-Ansicht
    </button>
  );
  return {
    Spinner,
    openButton,
    close: () => {
      setSpinner(null);
      requestAnimationFrame(() => button.current?.focus());
    },
    reset: () => setSpinner(null),
  };
}
