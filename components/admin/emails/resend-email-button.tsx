"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { resendShopperEmailAction } from "@/components/admin/emails/actions";
import { adminKeys } from "@/lib/admin/queries";

/** Re-sends one e-mail, then refreshes every e-mail list and detail (the status changes everywhere). */
export function ResendEmailButton({ id, label = "Resend" }: { id: string; label?: string }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const resend = useMutation({
    mutationFn: () => resendShopperEmailAction(id),
    onSuccess: async (result) => {
      if (result.status === "ok") {
        setNotice({ tone: "success", text: "The e-mail was queued to be sent again." });
        await queryClient.invalidateQueries({ queryKey: adminKeys.shopperEmails() });
      } else {
        setNotice({ tone: "error", text: result.message });
      }
    },
    onError: () => setNotice({ tone: "error", text: "The e-mail could not be queued. Try again." }),
  });
  return (
    <>
      <button
        type="button"
        className="admin-button"
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
      >
        {resend.isPending ? "Re-sending…" : label}
      </button>
      <span aria-live="polite">
        {notice ? (
          <span
            className={`admin-alert admin-alert--${notice.tone}`}
            role={notice.tone === "error" ? "alert" : "status"}
          >
            {notice.text}
          </span>
        ) : null}
      </span>
    </>
  );
}
