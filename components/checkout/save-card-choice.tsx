"use client";

import { useFormContext } from "react-hook-form";
import type { PaymentFormValues } from "@/lib/checkout/payment-fields";

/**
 * The shopper's consent to keep the card typed in for the shop's later payments. Unticked until the shopper ticks
 * it: consent is given, never assumed. A native checkbox, so a post without JavaScript carries it too ("on").
 */
export function SaveCardChoice(props: { label: string }) {
  const { register } = useFormContext<PaymentFormValues>();
  return (
    <label className="save-card">
      <input type="checkbox" {...register("save_card")} />
      <span>{props.label}</span>
    </label>
  );
}
