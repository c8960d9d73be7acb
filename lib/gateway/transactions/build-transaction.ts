import type { TokenizationRequest } from "@/lib/contracts/tokenization";
import type { Transaction } from "@/lib/contracts/transaction";
import { echoTravel } from "@/lib/contracts/travel";
import type { CardDescription } from "../cards/describe-card";
import type { OwnBody } from "./own-body";
import { EMPTY_THREE_D_SECURE_VERIFICATION } from "./transaction-body";

export interface BuildTransactionBodyInput {
  request: TokenizationRequest;
  card: CardDescription & { holder: string | null; exp_month: number; exp_year: number };
  /**
   * The card's token and its per-shop stamp, given together and only when the card was stored (successful):
   * a failed or pending tokenization tells nothing that identifies the number.
   */
  token: string | null;
  stamp: string | null;
  outcome: { status: "successful" | "failed" | "incomplete"; message: string | null };
  redirectUrl: string;
  gatewayId: number;
  smartRoutingStatus: "successful" | "failed" | "skipped";
  /** Absent when 3-D Secure did not run (every field null). */
  threeDSecureVerification?: Transaction["three_d_secure_verification"];
}

/**
 * A tokenization's own body (`OwnBody`, rendered at read): the request's own parameters echoed (never the number or
 * code) and its results. Its amount, currency, tracking id and test flag go in its row's columns.
 */
export function buildTransactionBody(input: BuildTransactionBodyInput): OwnBody {
  const { request, card, outcome } = input;
  const finished = outcome.status !== "incomplete";
  return {
    message: outcome.message,
    description: request.description,
    language: request.language,
    paid_at: null,
    redirect_url: input.redirectUrl,
    duplicate_check: request.duplicate_check,
    dynamic_billing_descriptor: request.dynamic_billing_descriptor ?? null,
    notification_url: request.notification_url ?? null,
    verification_url: request.verification_url ?? null,
    return_url: request.return_url ?? null,
    skip_three_d_secure_verification: request.skip_three_d_secure_verification,
    force_three_d_secure_verification: request.force_three_d_secure_verification,
    three_d_secure: { advanced: request.three_d_secure?.advanced ?? false },
    credit_card: {
      holder: card.holder,
      brand: card.brand,
      product: card.product,
      last_4: card.last_4,
      first_1: card.first_1,
      bin: card.bin,
      bin_8: card.bin_8,
      issuer_country: card.issuer_country,
      issuer_name: card.issuer_name,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      stamp: input.stamp,
      token: input.token,
      token_provider: null,
    },
    three_d_secure_verification: input.threeDSecureVerification ?? EMPTY_THREE_D_SECURE_VERIFICATION,
    result: {
      message: finished ? outcome.message : null,
      status: finished ? (outcome.status as "successful" | "failed") : null,
      gateway_id: input.gatewayId,
    },
    additional_data: {
      receipt_text: request.additional_data?.receipt_text ?? [],
      contract: request.additional_data?.contract ?? [],
    },
    smart_routing_verification: { status: input.smartRoutingStatus },
    customer: request.customer
      ? {
          ip: request.customer.ip ?? null,
          email: request.customer.email ?? null,
          device_id: request.customer.device_id ?? null,
          birth_date: request.customer.birth_date ?? null,
        }
      : null,
    billing_address: request.billing_address
      ? {
          first_name: request.billing_address.first_name ?? null,
          last_name: request.billing_address.last_name ?? null,
          address: request.billing_address.address ?? null,
          country: request.billing_address.country ?? null,
          city: request.billing_address.city ?? null,
          zip: request.billing_address.zip ?? null,
          state: request.billing_address.state ?? null,
          phone: request.billing_address.phone ?? null,
        }
      : null,
    travel: request.travel ? echoTravel(request.travel) : null,
  };
}
