import type { Transaction } from "@/lib/contracts/transaction";

/**
 * The parts of a transaction object that are not columns of its row: its response body, as rendered at read from
 * what it stores (`renderOwnBody`, `renderChildBody`; see `transactionFromRow`).
 */
export type TransactionBody = Omit<Transaction, "uid" | "id" | "status" | "created_at" | "updated_at">;

export const EMPTY_THREE_D_SECURE_VERIFICATION: Transaction["three_d_secure_verification"] = {
  status: null,
  message: null,
  ve_status: null,
  pa_status: null,
  eci: null,
  xid: null,
  cavv: null,
  cavv_algorithm: null,
  fail_reason: null,
  acs_url: null,
  pa_res_url: null,
  method_process_url: null,
};
