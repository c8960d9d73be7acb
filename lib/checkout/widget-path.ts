/**
 * beGateway's addresses of the hosted page, which its clients and its widget open (`redirect_url` has the first
 * form): `/widget/hpp.html?token=…` and `/checkout?token=…`, with `&iframe=inline|overlay|phone` when framed (kept,
 * the page reads it) and any other parameter ignored. Both lead to `/checkout/{token}`; null for any other path.
 */
export function widgetPagePath(url: URL): string | null {
  if (url.pathname !== "/widget/hpp.html" && url.pathname !== "/checkout") return null;
  const token = url.searchParams.get("token");
  if (!token) return null;
  const iframe = url.searchParams.get("iframe");
  const framed = iframe && /^[a-z]{1,16}$/.test(iframe) ? `?iframe=${iframe}` : "";
  return `/checkout/${encodeURIComponent(token)}${framed}`;
}
