/** Slot for editorial notices (e.g. holiday opening hours); renders nothing when empty. */
export function InfoBar({ children }: { children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <aside className="info-bar" aria-label="Hinweis">
      <div className="container">{children}</div>
    </aside>
  );
}
