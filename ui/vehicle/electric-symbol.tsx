/**
 * The electric symbol for battery-electric and plug-in hybrid vehicles (spec section 2 "electric
 * symbol"): a plug with its German name, so it reads the same to everyone (the icon is decoration).
 */
export function ElectricSymbol({ fuel }: { fuel: string }) {
  if (fuel !== "electric" && fuel !== "pluginhybrid") return null;
  return (
    <span className={`electric-symbol electric-symbol--${fuel}`}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M9.5 1 3 9h4.5L6 15l7-8.5H8.5z" fill="currentColor" />
      </svg>
      {fuel === "electric" ? "Elektro" : "Plug-in-Hybrid"}
    </span>
  );
}
