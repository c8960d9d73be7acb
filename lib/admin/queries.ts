import { queryOptions } from "@tanstack/react-query";
import type { Customer } from "@/lib/contracts/customer";
import type { ErrorTree } from "@/lib/contracts/errors";
import type { DailyReport } from "@/lib/contracts/merchant";
import type { NotificationDelivery } from "@/lib/contracts/notification";
import type { ShopperEmail, ShopperEmailMessage } from "@/lib/contracts/shopper-emails";
import type { Transaction } from "@/lib/contracts/transaction";
import type { Page } from "@/lib/gateway-client/merchant";
import type { BrowserCheckout } from "./browser-view";
import { type CustomerFilters, filtersToSearch, type PageFilters, type TransactionFilters } from "./filters";
import type { ChainNode } from "./money-chain";

/**
 * The admin pages' data in the browser: one query-key factory (so a mutation can update or invalidate exactly the
 * entries it affects) and the query definitions built on it, all reading the `/admin/api` endpoints.
 */

export const adminKeys = {
  all: ["admin"] as const,
  customers: () => [...adminKeys.all, "customers"] as const,
  customerLists: () => [...adminKeys.customers(), "list"] as const,
  customerList: (filters: CustomerFilters) => [...adminKeys.customerLists(), filters] as const,
  customer: (id: string) => [...adminKeys.customers(), "detail", id] as const,
  transactions: () => [...adminKeys.all, "transactions"] as const,
  transactionList: (filters: TransactionFilters) => [...adminKeys.transactions(), "list", filters] as const,
  transaction: (uid: string) => [...adminKeys.transactions(), "detail", uid] as const,
  notifications: (uid: string) => [...adminKeys.transaction(uid), "notifications"] as const,
  /** Under `transactions()`: a capture, void or refund invalidates every chain and list it may appear in. */
  chain: (uid: string) => [...adminKeys.transaction(uid), "chain"] as const,
  checkoutList: (filters: PageFilters) => [...adminKeys.all, "checkouts", "list", filters] as const,
  dailyReport: (range: { from: string; to: string; test: boolean }) =>
    [...adminKeys.all, "reports", "daily", range] as const,
  shopperEmails: () => [...adminKeys.all, "emails"] as const,
  shopperEmailList: (filters: PageFilters & { transaction_uid?: string }) =>
    [...adminKeys.shopperEmails(), "list", filters] as const,
  shopperEmail: (id: string) => [...adminKeys.shopperEmails(), "detail", id] as const,
};

/** A read the admin endpoint answered with an error; `message` is fit to show. */
export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: ErrorTree | null = null,
  ) {
    super(message);
    this.name = "AdminApiError";
  }
}

export const SIGNED_OUT_URL = "/admin/sign-in?reason=expired";

async function readJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { accept: "application/json" }, cache: "no-store", signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AdminApiError("The server cannot be reached. Check the connection and try again.", 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 401) {
    // The session ended (expired, signed out in another tab, secret key rotated): nothing here works without one.
    window.location.assign(SIGNED_OUT_URL);
    throw new AdminApiError("Your session has ended. Sign in again.", 401);
  }
  if (!response.ok) {
    const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const message = typeof record.message === "string" ? record.message : "Something went wrong.";
    const errors = typeof record.errors === "object" ? (record.errors as ErrorTree) : null;
    throw new AdminApiError(message, response.status, errors);
  }
  return body as T;
}

// Not-found and validation answers will not change on a retry; only transient failures are worth repeating.
function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof AdminApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const adminQueries = {
  customerList: (filters: CustomerFilters) =>
    queryOptions({
      queryKey: adminKeys.customerList(filters),
      queryFn: ({ signal }) =>
        readJson<Page<Customer>>(`/admin/api/customers${filtersToSearch(filters)}`, signal),
      retry: retryTransient,
    }),
  customer: (id: string) =>
    queryOptions({
      queryKey: adminKeys.customer(id),
      queryFn: ({ signal }) => readJson<Customer>(`/admin/api/customers/${encodeURIComponent(id)}`, signal),
      retry: retryTransient,
    }),
  transactionList: (filters: TransactionFilters) =>
    queryOptions({
      queryKey: adminKeys.transactionList(filters),
      queryFn: ({ signal }) =>
        readJson<Page<Transaction>>(`/admin/api/transactions${filtersToSearch(filters)}`, signal),
      retry: retryTransient,
    }),
  transaction: (uid: string) =>
    queryOptions({
      queryKey: adminKeys.transaction(uid),
      queryFn: ({ signal }) =>
        readJson<Transaction>(`/admin/api/transactions/${encodeURIComponent(uid)}`, signal),
      retry: retryTransient,
    }),
  chain: (uid: string) =>
    queryOptions({
      queryKey: adminKeys.chain(uid),
      queryFn: ({ signal }) =>
        readJson<ChainNode<Transaction>>(`/admin/api/transactions/${encodeURIComponent(uid)}/chain`, signal),
      retry: retryTransient,
    }),
  notifications: (uid: string) =>
    queryOptions({
      queryKey: adminKeys.notifications(uid),
      queryFn: ({ signal }) =>
        readJson<NotificationDelivery[]>(
          `/admin/api/transactions/${encodeURIComponent(uid)}/notifications`,
          signal,
        ),
      retry: retryTransient,
    }),
  checkoutList: (filters: PageFilters) =>
    queryOptions({
      queryKey: adminKeys.checkoutList(filters),
      queryFn: ({ signal }) =>
        readJson<Page<BrowserCheckout>>(`/admin/api/checkouts${filtersToSearch(filters)}`, signal),
      retry: retryTransient,
    }),
  dailyReport: (range: { from: string; to: string; test: boolean }) =>
    queryOptions({
      queryKey: adminKeys.dailyReport(range),
      queryFn: ({ signal }) =>
        readJson<DailyReport>(
          `/admin/api/reports/daily${filtersToSearch({ ...range, test: range.test ? "true" : undefined })}`,
          signal,
        ),
      retry: retryTransient,
    }),
  shopperEmailList: (filters: PageFilters & { transaction_uid?: string }) =>
    queryOptions({
      queryKey: adminKeys.shopperEmailList(filters),
      queryFn: ({ signal }) =>
        readJson<Page<ShopperEmail>>(`/admin/api/emails${filtersToSearch(filters)}`, signal),
      retry: retryTransient,
    }),
  shopperEmail: (id: string) =>
    queryOptions({
      queryKey: adminKeys.shopperEmail(id),
      queryFn: ({ signal }) =>
        readJson<ShopperEmailMessage>(`/admin/api/emails/${encodeURIComponent(id)}`, signal),
      retry: retryTransient,
    }),
};
