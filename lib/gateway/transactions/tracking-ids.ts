/** A tracking_id may hold several ids separated by `;`; each is searchable on its own. */
export function splitTrackingIds(trackingId: string | null | undefined): string[] {
  if (!trackingId) return [];
  // NUL cannot be stored (requests carrying it are refused), so a lookup value with it matches nothing.
  return [...new Set(trackingId.split(";").map((id) => id.trim()))].filter(
    (id) => id !== "" && !id.includes("\u0000"),
  );
}
