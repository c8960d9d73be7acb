"use server";

import { redirect } from "next/navigation";
import { isSameOriginRequest, signOut } from "@/lib/admin/session";

export async function signOutAction(): Promise<void> {
  // A forged sign-out would be a nuisance, not a breach; it is refused all the same, as every admin action is.
  if (!(await isSameOriginRequest())) return;
  await signOut();
  redirect("/admin/sign-in?reason=goodbye");
}
