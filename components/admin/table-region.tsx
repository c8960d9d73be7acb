import type { ReactNode } from "react";

/**
 * A wide table's own horizontal scroll area, so a phone scrolls the table rather than the page. Keyboard users
 * must be able to scroll it too (WCAG 2.1.1), hence focusable, and named by the table's caption.
 */
export function TableRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must take focus to be scrolled by keyboard.
    <section className="admin-table-wrap" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}
