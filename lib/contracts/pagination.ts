/**
 * The page of a list endpoint (`?page=&per_page=`), as the domain's list functions take it: parsed at the edge
 * (lib/gateway/http/pagination.ts), so no list function depends on the HTTP layer.
 */
export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 500;
/** Far past any real list, and small enough that the row offset stays an exact integer the database accepts. */
export const MAX_PAGE = 1_000_000_000;

export interface Pagination {
  page: number;
  perPage: number;
  offset: number;
}
