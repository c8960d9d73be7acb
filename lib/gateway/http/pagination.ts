import type { ErrorTree } from "@/lib/contracts/errors";
import { greaterThanOrEqualTo, lessThanOrEqualTo, NOT_AN_INTEGER } from "@/lib/contracts/messages";
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE, type Pagination } from "@/lib/contracts/pagination";
import { GatewayError } from "../errors";

function parsePositiveInteger(value: string | undefined, fallback: number): number | string {
  if (value === undefined || value === "") return fallback;
  if (!/^\d+$/.test(value)) return NOT_AN_INTEGER;
  return Number(value);
}

/** `?page=&per_page=` of list endpoints: page from 1, per_page 1–500 (default 50); anything else is a 422. */
export function parsePagination(query: Record<string, string | undefined>): Pagination {
  const errors: ErrorTree = {};
  const page = parsePositiveInteger(query.page, 1);
  const perPage = parsePositiveInteger(query.per_page, DEFAULT_PER_PAGE);
  if (typeof page === "string") errors.page = [page];
  else if (page < 1) errors.page = [greaterThanOrEqualTo(1)];
  else if (page > MAX_PAGE) errors.page = [lessThanOrEqualTo(MAX_PAGE)];
  if (typeof perPage === "string") errors.per_page = [perPage];
  else if (perPage < 1) errors.per_page = [greaterThanOrEqualTo(1)];
  else if (perPage > MAX_PER_PAGE) errors.per_page = [lessThanOrEqualTo(MAX_PER_PAGE)];
  if (typeof page === "string" || typeof perPage === "string" || Object.keys(errors).length > 0) {
    throw GatewayError.validation(errors);
  }
  return { page, perPage, offset: (page - 1) * perPage };
}

/** RFC 8288 `Link` header with first, prev, next and last pages; null when everything fits on one page. */
export function paginationLinks(requestUrl: string, pagination: Pagination, total: number): string | null {
  const lastPage = Math.max(1, Math.ceil(total / pagination.perPage));
  const link = (page: number, rel: string) => {
    const url = new URL(requestUrl);
    url.searchParams.set("page", String(page));
    url.searchParams.set("per_page", String(pagination.perPage));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link(1, "first")];
  if (pagination.page > 1) links.push(link(Math.min(pagination.page - 1, lastPage), "prev"));
  if (pagination.page < lastPage) links.push(link(pagination.page + 1, "next"));
  links.push(link(lastPage, "last"));
  return links.join(", ");
}
