"use server";

import { type ActionResult, runAdminAction } from "@/lib/admin/action-result";
import { customerFormSchema } from "@/lib/admin/customer-form";
import type { Customer } from "@/lib/contracts/customer";
import { errorTreeFromZod, renderErrorMessage } from "@/lib/contracts/errors";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

export async function createCustomerAction(values: unknown): Promise<ActionResult<Customer>> {
  return runAdminAction(async (credentials) => {
    const parsed = customerFormSchema.safeParse(values);
    if (!parsed.success) {
      const errors = errorTreeFromZod(parsed.error);
      return { ok: false, kind: "invalid", status: 422, message: renderErrorMessage(errors), errors };
    }
    return getMerchantClient().createCustomer(credentials, parsed.data);
  });
}
