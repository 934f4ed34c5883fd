import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";

export interface SpinView {
  /** A sprite of `frames` equal pictures side by side; frame 0 shows the left side, the front to the left. */
  sprite: string;
  frames: number;
}

/** Names of the four views a visitor may want to stop at (degrees, turning towards the front first). */
const VIEW_NAMES = new Map([
  [0, "Seitenansicht links"],
  [90, "Frontansicht"],
  [180, "Seitenansicht rechts"],
  [270, "Heckansicht"],
]);

/** One full turn while dragging across the whole picture. */
const FULL_TURN_WIDTHS = 1;

export function spinLabel(degrees: number): string {
  const name = VIEW_NAMES.get(degrees);
  return name ? `${degrees}°, ${name}` : `${degrees}°`;
}

/**
 * The 360° view of a vehicle, loaded only when the visitor asks for it (the
 * gallery's "360°-Ansicht" button; the chunk is outside the first load). A slider: arrow keys turn
 * by one frame, Page Up/Down by a quarter turn, Home to the start; dragging by mouse, pen or touch
 * turns once per picture width (vertical swipes still scroll: `touch-action: pan-y`). The sprite is
 * one request; until it has arrived the stage says so.
 */
export function PhotoSpinner({ spin, title, onClose }: { spin: SpinView; title: string; onClose: () => void }) {
  const { sprite, frames } = spin;
  const [frame, setFrame] = useState(0);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; frame: number } | null>(null);
  const degrees = Math.round((frame * 360) / frames);

  useEffect(() => {
    const image = new Image();
    image.onload = () => setState("ready");
    image.onerror = () => setState("failed");
    image.src = sprite;
    stage.current?.focus();
  }, [sprite]);

  const turnTo = (next: number) => setFrame(((Math.round(next) % frames) + frames) % frames);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const quarter = frames / 4;
    if (event.key === "ArrowRight" || event.key === "ArrowUp") turnTo(frame + 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowDown") turnTo(frame - 1);
    else if (event.key === "PageUp") turnTo(frame + quarter);
    else if (event.key === "PageDown") turnTo(frame - quarter);
    else if (event.key === "Home") turnTo(0);
    else if (event.key === "End") turnTo(frames - 1);
    else if (event.key === "Escape") onClose();
    else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    drag.current = { x: event.clientX, frame };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start) return;
    const width = event.currentTarget.clientWidth || 1;
    // Dragging to the left turns the car towards its front (as the arrow key to the right does).
    turnTo(start.frame + ((start.x - event.clientX) / width) * frames * FULL_TURN_WIDTHS);
  }

  const endDrag = () => {
    drag.current = null;
  };

  return (
    <div className="photo-spinner">
      <div
        ref={stage}
        className="photo-spinner__stage"
        role="slider"
        tabIndex={0}
        aria-label={`360°-Ansicht: ${title}. Mit den Pfeiltasten oder durch Ziehen drehen.`}
        aria-valuemin={0}
        aria-valuemax={Math.round(((frames - 1) * 360) / frames)}
        aria-valuenow={degrees}
        aria-valuetext={spinLabel(degrees)}
        aria-busy={state === "loading"}
        data-frame={frame}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        style={
          state === "ready"
            ? {
                backgroundImage: `url("${sprite}")`,
                backgroundSize: `${frames * 100}% 100%`,
                backgroundPositionX: `${(frame / (frames - 1)) * 100}%`,
              }
            : undefined
        }
      >
        {state === "ready" ? null : (
          <p className="photo-spinner__status">
            {state === "loading" ? "360°-Ansicht wird geladen …" : "Die 360°-Ansicht konnte nicht geladen werden."}
          </p>
        )}
        <p className="image-gallery__counter" aria-hidden="true">
          {degrees}°
        </p>
      </div>
      <div className="photo-spinner__controls">
        <button type="button" className="button button--secondary" onClick={() => turnTo(frame - 1)} aria-label="Nach links drehen">
          <span aria-hidden="true">↺</span>
        </button>
        <button type="button" className="button button--secondary" onClick={() => turnTo(frame + 1)} aria-label="Nach rechts drehen">
          <span aria-hidden="true">↻</span>
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Zurück zu den Fotos
        </button>
      </div>
    </div>
  );
}
