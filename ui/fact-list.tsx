/** A label/value list (`dl.fact-list`): vehicle data, offer figures, consumption values. */
export function FactList({ rows, className = "fact-list" }: { rows: ReadonlyArray<{ label: string; value: string }>; className?: string }) {
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
