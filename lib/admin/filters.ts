import { z } from "zod";
import { TRANSACTION_TYPES, type TransactionType } from "@/lib/contracts/money-result";
import { TRANSACTION_STATUSES, type TransactionStatus } from "@/lib/contracts/transaction";

/**
 * The admin lists' filters as they live in the page URL (so a search can be bookmarked, shared and undone with
 * Back) and in the query of the admin read endpoints. Reading is lenient: a value that does not parse is dropped,
 * never an error page, since it can only come from an edited URL.
 */

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function param(params: Params, name: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  const text = Array.isArray(value) ? value[0] : value;
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

const pageNumber = z.coerce.number().int().min(1).max(1_000_000);
const isoDate = z.iso.date();
const status = z.enum(TRANSACTION_STATUSES);
const type = z.enum(TRANSACTION_TYPES);

function readPage(params: Params): number {
  return pageNumber.safeParse(param(params, "page")).data ?? 1;
}

function readDate(params: Params, name: string): string | undefined {
  return isoDate.safeParse(param(params, name)).data;
}

export interface CustomerFilters {
  page: number;
  email?: string;
}

export function readCustomerFilters(params: Params): CustomerFilters {
  const email = param(params, "email");
  return { page: readPage(params), ...(email ? { email: email.slice(0, 255) } : {}) };
}

export interface TransactionFilters {
  page: number;
  /** One tracking id or several separated by `;`. */
  tracking_id?: string;
  status?: TransactionStatus;
  type?: TransactionType;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
}

export function readTransactionFilters(params: Params): TransactionFilters {
  const filters: TransactionFilters = { page: readPage(params) };
  const trackingId = param(params, "tracking_id");
  if (trackingId) filters.tracking_id = trackingId.slice(0, 2000);
  const parsedStatus = status.safeParse(param(params, "status")).data;
  if (parsedStatus) filters.status = parsedStatus;
  const parsedType = type.safeParse(param(params, "type")).data;
  if (parsedType) filters.type = parsedType;
  const from = readDate(params, "from");
  if (from) filters.from = from;
  const to = readDate(params, "to");
  if (to) filters.to = to;
  return filters;
}

export interface PageFilters {
  page: number;
}

export function readPageFilters(params: Params): PageFilters {
  return { page: readPage(params) };
}

/** The filters back into a query string, defaults left out so URLs stay short. */
export function filtersToSearch(filters: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === "" || (name === "page" && value === 1)) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
