/** Stands in for a screen that is not built yet, so routes, guards and the menu can be used. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section>
      <h1 className="h3">{title}</h1>
    </section>
  );
}
