export interface Choice {
  value: string;
  label: string;
}

/** A label table's entries as choices, in the table's order. */
export const labelChoices = (labels: Record<string, string>): Choice[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * A select's options. `empty` is the first option, with the empty value, where the select offers
 * "no choice" ("Alle Marken", "Bitte wählen").
 */
export function Options({ choices, empty }: { choices: readonly Choice[]; empty?: string }) {
  return (
    <>
      {empty === undefined ? null : <option value="">{empty}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  );
}
