import { PlaceholderPage } from "#ui/placeholder-page.tsx";

export function Component() {
  return (
    <PlaceholderPage
      title="Favoriten"
      intro="Sie haben noch keine Fahrzeuge gemerkt. Markieren Sie Fahrzeuge in der Fahrzeugsuche als Favorit, um sie hier wiederzufinden."
      links={[{ label: "Zur Fahrzeugsuche", href: "/carfinder" }]}
    />
  );
}
