/**
 * A card's picture: decorative next to the card's linked title (alt=""), in the 8:5 box of the
 * stock images so the grid does not shift, lazy unless the card is in the first screen.
 */
export function CardImage({ className, src, eager = false }: { className: string; src: string; eager?: boolean }) {
  return <img className={className} src={src} alt="" width={400} height={250} loading={eager ? "eager" : "lazy"} decoding="async" />;
}
