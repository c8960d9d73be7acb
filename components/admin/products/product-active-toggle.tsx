"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { setProductActiveAction } from "@/components/admin/products/actions";

/** Deactivates the link (shoppers then see that it sells no more), or activates it again. */
export function ProductActiveToggle({ id, active }: { id: string; active: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState("");
  const toggle = () => {
    if (
      active &&
      !window.confirm("Deactivate this payment link? Shoppers who open it will be told it is closed.")
    ) {
      return;
    }
    startTransition(async () => {
      const result = await setProductActiveAction(id, !active);
      if (result.status === "ok") {
        setMessage(active ? "The link is deactivated." : "The link sells again.");
        router.refresh();
      } else {
        setMessage(result.message);
      }
    });
  };
  return (
    <div className="admin-actions-row">
      <button
        type="button"
        className={`admin-button${active ? " admin-button--danger" : ""}`}
        onClick={toggle}
        disabled={pending}
      >
        {active ? "Deactivate link" : "Activate link"}
      </button>
      <p role="status" aria-live="polite" className="admin-muted">
        {message}
      </p>
    </div>
  );
}
