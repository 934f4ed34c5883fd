/** A heading whose level the context decides (h2–h6; cards under a page or block heading). */
export function Heading({ level, className, children }: { level: number; className?: string; children: React.ReactNode }) {
  const Tag = `h${Math.min(Math.max(level, 2), 6)}` as "h2";
  return <Tag className={className}>{children}</Tag>;
}
