import { useId, type ReactNode } from "react";
import { Island } from "#ui/islands/island.tsx";

/**
 * One accessible carousel for hero_carousel, card_grid_slider and image_slider. No auto-advance
 * (WCAG 2.2.2 needs no pause control then): slides sit side by side in a scroll-snap track that
 * works without JavaScript (swipe, scrollbar, arrow keys once the track has focus); the previous/
 * next buttons scroll by one slide and respect reduced motion. Each slide is a labelled group
 * "Folie 2 von 5" (WAI-ARIA APG carousel pattern).
 */
export function Carousel({
  label,
  slides,
  className,
  labelledBy,
}: {
  label: string;
  slides: ReactNode[];
  className?: string;
  labelledBy?: string;
}) {
  const id = useId();
  if (slides.length === 0) return null;
  return (
    <section
      className={["carousel", className].filter(Boolean).join(" ")}
      aria-roledescription="Karussell"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
    >
      {/* Only the buttons are interactive: on editorial pages they are the island, the slides stay server HTML (ADR 0017). */}
      {slides.length > 1 ? <Island name="carousel-controls" component={CarouselControls} props={{ trackId: `${id}-track` }} /> : null}
      <div id={`${id}-track`} className="carousel__track" tabIndex={0} role="group" aria-label={`${label}: Folien`}>
        {slides.map((slide, index) => (
          <div
            key={index}
            className="carousel__slide"
            role="group"
            aria-roledescription="Folie"
            aria-label={`${index + 1} von ${slides.length}`}
          >
            {slide}
          </div>
        ))}
      </div>
    </section>
  );
}

/** Previous/next: scroll the track (found by its id) by one slide, respecting reduced motion. */
export function CarouselControls({ trackId }: { trackId: string }) {
  function scroll(direction: 1 | -1) {
    const track = document.getElementById(trackId);
    if (!track) return;
    const slide = track.querySelector<HTMLElement>(".carousel__slide");
    const step = slide ? slide.getBoundingClientRect().width : track.clientWidth;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    track.scrollBy({ left: direction * step, behavior: reduced ? "auto" : "smooth" });
  }
  return (
    <div className="carousel__controls">
      <button type="button" className="carousel__button" aria-controls={trackId} onClick={() => scroll(-1)}>
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">Vorherige Folie</span>
      </button>
      <button type="button" className="carousel__button" aria-controls={trackId} onClick={() => scroll(1)}>
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">Nächste Folie</span>
      </button>
    </div>
  );
}
