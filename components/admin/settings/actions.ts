"use server";

import { type ActionResult, runAdminAction } from "@/lib/admin/action-result";
import { replaceSessionSecretKey } from "@/lib/admin/session";
import {
  type EditableSettings,
  settingsFormIssueMessage,
  settingsFormSchema,
} from "@/lib/admin/settings-form";
import { type ErrorTree, errorTreeFromZod, renderErrorMessage } from "@/lib/contracts/errors";
import type { GatewayResult } from "@/lib/gateway-client/http";
import { getMerchantClient } from "@/lib/gateway-client/merchant";

// The gateway nests setting errors under `settings`, as in its request body; the form's fields sit at the top.
function unwrapSettingsErrors(errors: ErrorTree): ErrorTree {
  const { settings, ...rest } = errors;
  return settings === undefined || Array.isArray(settings) ? errors : { ...rest, ...settings };
}

export async function updateSettingsAction(values: unknown): Promise<ActionResult<EditableSettings>> {
  return runAdminAction(async (credentials): Promise<GatewayResult<EditableSettings>> => {
    const parsed = settingsFormSchema.safeParse(values, { error: settingsFormIssueMessage });
    if (!parsed.success) {
      const errors = errorTreeFromZod(parsed.error);
      return { ok: false, kind: "invalid", status: 422, message: renderErrorMessage(errors), errors };
    }
    const result = await getMerchantClient().updateShopSettings(credentials, parsed.data);
    if (!result.ok) {
      return result.kind === "invalid" ? { ...result, errors: unwrapSettingsErrors(result.errors) } : result;
    }
    return { ...result, data: result.data.settings };
  });
}

/** A new secret key, shown once; this session switches to it, every other holder of the old key is locked out. */
export async function rotateSecretKeyAction(): Promise<ActionResult<string>> {
  return runAdminAction(async (credentials, session) => {
    const result = await getMerchantClient().rotateSecretKey(credentials);
    if (result.ok) await replaceSessionSecretKey(session, result.data);
    return result;
  });
}
