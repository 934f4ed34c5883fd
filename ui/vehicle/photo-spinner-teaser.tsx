import type { SpinView } from "./photo-spinner.tsx";
import { usePhotoSpinner } from "./use-photo-spinner.tsx";

/**
 * The 360° view as an editor's block (stock_photo_spinner; an island on editorial pages, ADR
 * 0017): the vehicle's first picture with a "360°-Ansicht" button; the spinner's code and sprite
 * load on the click. Without JavaScript the picture stays and the button is hidden (CSS keys on
 * `html[data-hydrated]`).
 */
export function PhotoSpinnerTeaser({ spin, title, image }: { spin: SpinView; title: string; image: string }) {
  const { Spinner, openButton, close } = usePhotoSpinner();
  if (Spinner) {
    return <Spinner spin={spin} title={title} onClose={close} />;
  }
  return (
    <div className="image-gallery__stage">
      <img src={image} alt={title} width={800} height={500} loading="lazy" decoding="async" />
      {openButton}
    </div>
  );
}
