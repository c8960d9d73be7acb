"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { isSameOriginRequest, signIn } from "@/lib/admin/session";

export interface SignInState {
  message: string | null;
  /** What the merchant typed, so a failed attempt does not wipe the shop id. */
  shopId: string;
}

const signInSchema = z.object({
  shop_id: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,9}$/, "Enter the shop id, a whole number."),
  secret_key: z.string().min(1, "Enter the secret key.").max(512, "This is not a secret key."),
});

export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const shopId = String(form.get("shop_id") ?? "").slice(0, 20);
  if (!(await isSameOriginRequest())) {
    return { message: "This request did not come from the sign-in page and was refused.", shopId };
  }
  const parsed = signInSchema.safeParse({ shop_id: form.get("shop_id"), secret_key: form.get("secret_key") });
  if (!parsed.success) return { message: parsed.error.issues[0].message, shopId };
  const result = await signIn(parsed.data.shop_id, parsed.data.secret_key);
  if (result.status !== "signed_in") return { message: result.message, shopId };
  redirect("/admin");
}
