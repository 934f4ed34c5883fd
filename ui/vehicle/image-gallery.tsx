import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { thumbnailSource } from "#domain/vehicle-image-path.ts";
import type { SpinView } from "./photo-spinner.tsx";
import { usePhotoSpinner } from "./use-photo-spinner.tsx";

/** Thumbnails shown in the first screen of a phone (390–412 px wide: four fit in a row). */
const EAGER_THUMBNAILS = 4;

const SWIPE_THRESHOLD_PX = 40;

/**
 * Vehicle picture gallery: previous/next buttons, arrow keys on the focused
 * stage, swipe by pointer or touch, and thumbnails. Without JavaScript the first picture and the
 * thumbnails (links to each picture) still show.
 *
 * With a 360° view (`spin`), a "360°-Ansicht" button shows over the picture once the page is
 * hydrated (CSS keys on `html[data-hydrated]`, so nothing moves and no dead button shows without
 * JavaScript); the spinner's code is loaded on that click, not with the page.
 */
export function ImageGallery({ images, title, spin }: { images: string[]; title: string; spin?: SpinView | undefined }) {
  const [index, setIndex] = useState(0);
  const { Spinner, openButton: spinButton, close: closeSpinner, reset: resetSpinner } = usePhotoSpinner();

  const swipeStart = useRef<number | null>(null);
  const count = images.length;
  const show = (next: number) => {
    resetSpinner();
    setIndex(((next % count) + count) % count);
  };
  const altFor = (position: number) => `${title} – Bild ${position + 1} von ${count}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "ArrowRight") show(index + 1);
    else if (event.key === "ArrowLeft") show(index - 1);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(count - 1);
    else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    swipeStart.current = event.clientX;
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null) return;
    const distance = event.clientX - start;
    if (Math.abs(distance) >= SWIPE_THRESHOLD_PX) show(distance < 0 ? index + 1 : index - 1);
  }

  return (
    <section className="image-gallery" aria-roledescription="Bildergalerie" aria-label={`Bilder: ${title}`}>
      {Spinner && spin ? (
        <Spinner spin={spin} title={title} onClose={closeSpinner} />
      ) : (
        <div
          className="image-gallery__stage"
          tabIndex={0}
          role="group"
          aria-label={`Bild ${index + 1} von ${count}. Mit den Pfeiltasten blättern.`}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeStart.current = null)}
        >
          <img src={images[index]} alt={altFor(index)} width={800} height={500} fetchPriority="high" draggable={false} />
          {count > 1 ? (
            <>
              <button
                type="button"
                className="image-gallery__nav image-gallery__nav--prev"
                aria-label="Vorheriges Bild"
                onClick={() => show(index - 1)}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <button
                type="button"
                className="image-gallery__nav image-gallery__nav--next"
                aria-label="Nächstes Bild"
                onClick={() => show(index + 1)}
              >
                <span aria-hidden="true">›</span>
              </button>
            </>
          ) : null}
          <p className="image-gallery__counter" aria-hidden="true">
            {index + 1} / {count}
          </p>
          {spin ? spinButton : null}
        </div>
      )}
      {count > 1 ? (
        <ul className="image-gallery__thumbs" aria-label="Alle Bilder">
          {images.map((image, position) => (
            <li key={image}>
              <a
                href={image}
                className="image-gallery__thumb"
                aria-current={position === index ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  show(position);
                }}
              >
                {/* The first row of thumbnails is in the first screen on a phone: never lazy there (Lighthouse lcp-lazy-loaded). */}
                <img
                  src={thumbnailSource(image)}
                  alt={`Bild ${position + 1} anzeigen`}
                  width={120}
                  height={75}
                  loading={position < EAGER_THUMBNAILS ? "eager" : "lazy"}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
