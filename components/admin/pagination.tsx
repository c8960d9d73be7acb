import Link from "next/link";

/** Previous / next links that keep the rest of the URL's filters; plain links, so they work from the keyboard. */
export function Pagination({
  page,
  pageCount,
  total,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  total: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pageCount <= 1) {
    return <p className="admin-muted">{`${total} ${total === 1 ? "result" : "results"}`}</p>;
  }
  return (
    <nav aria-label={`${label} pages`} className="admin-pagination">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} rel="prev">
          Previous page
        </Link>
      ) : null}
      <span>
        Page {page} of {pageCount} ({total} results)
      </span>
      {page < pageCount ? (
        <Link href={hrefFor(page + 1)} rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
