/**
 * The one escaper for HTML written as text: the gateway's own pages (through their shell), the runs of a
 * right-to-left page (`ltr-runs.ts`) and the checkout's hand-written redirect page. Safe in element content and in
 * attribute values quoted either way; React-rendered pages and e-mails escape for themselves.
 */
const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (character) => ESCAPES[character]);
}
