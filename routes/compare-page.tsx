import { PlaceholderPage } from "#ui/placeholder-page.tsx";

export function Component() {
  return (
    <PlaceholderPage
      title="Fahrzeugvergleich"
      intro="Sie haben noch keine Fahrzeuge zum Vergleichen ausgewählt. Wählen Sie in der Fahrzeugsuche mindestens zwei und höchstens sechs Fahrzeuge aus."
      links={[{ label: "Zur Fahrzeugsuche", href: "/carfinder" }]}
    />
  );
}
