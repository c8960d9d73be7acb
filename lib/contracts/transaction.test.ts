import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseTokenizationRequest } from "./tokenization";
import {
  errorBodySchema,
  type Transaction,
  transactionListResponseSchema,
  transactionResponseSchema,
} from "./transaction";
import { echoTravel } from "./travel";

function sampleTransaction(): Transaction {
  return {
    uid: "4107d7a3-5f0b-4a3c-9b1d-2f6e3a1c9d00",
    id: "4107d7a3-5f0b-4a3c-9b1d-2f6e3a1c9d00",
    status: "successful",
    message: "Successfully processed",
    tracking_id: "order-1",
    language: "en",
    type: "tokenization",
    payment_method_type: "credit_card",
    test: true,
    amount: 100,
    currency: "USD",
    description: "Order 1",
    created_at: "2025-06-15T12:00:00.000Z",
    updated_at: "2025-06-15T12:00:01.250Z",
    paid_at: null,
    redirect_url: "https://pay.example/gateway/process/4107d7a3-5f0b-4a3c-9b1d-2f6e3a1c9d00",
    status_code: null,
    credit_card: {
      holder: "JOHN DOE",
      brand: "visa",
      product: null,
      last_4: "0000",
      first_1: "4",
      bin: "420000",
      bin_8: "42000000",
      issuer_country: null,
      issuer_name: null,
      exp_month: 12,
      exp_year: 2030,
      stamp: "b".repeat(64),
      token: "a".repeat(64),
      token_provider: null,
    },
    three_d_secure_verification: {
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
    },
    tokenization: { message: "Successfully processed", status: "successful", gateway_id: 1 },
    additional_data: { receipt_text: [], contract: ["recurring"] },
    smart_routing_verification: { status: "skipped" },
    customer: null,
    billing_address: null,
    travel: null,
    duplicate_check: true,
    dynamic_billing_descriptor: null,
    notification_url: null,
    verification_url: null,
    return_url: "https://merchant.example/return",
    skip_three_d_secure_verification: false,
    force_three_d_secure_verification: false,
    three_d_secure: { advanced: false },
  };
}

describe("transaction contract", () => {
  it("accepts a complete transaction and requires every key", () => {
    const transaction = sampleTransaction();
    expect(transactionResponseSchema.parse({ transaction })).toEqual({ transaction });
    expect(transactionListResponseSchema.parse({ transactions: [transaction] }).transactions).toHaveLength(1);
    const { paid_at: _, ...withoutPaidAt } = transaction;
    expect(transactionResponseSchema.safeParse({ transaction: withoutPaidAt }).success).toBe(false);
  });

  it("echoes travel data with every field present", () => {
    const parsed = parseTokenizationRequest({
      request: {
        amount: 1,
        currency: "EUR",
        description: "d",
        credit_card: { token: "a".repeat(64) },
        travel: { airline: { ticket_number: "12345678901234", legs: [{ airline_code: "B2" }] } },
      },
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const travel = echoTravel(parsed.value.travel!);
    expect(travel.airline?.ticket_number).toBe("12345678901234");
    expect(travel.airline?.agency_code).toBeNull();
    expect(travel.airline?.legs[0]).toMatchObject({ airline_code: "B2", class: null, coupon: null });
    expect(travel.airline?.passengers).toEqual([]);
    expect(echoTravel({})).toEqual({ airline: null });
    expect(
      transactionResponseSchema.safeParse({ transaction: { ...sampleTransaction(), travel } }).success,
    ).toBe(true);
  });

  it("describes validation errors", () => {
    const body = {
      message: "Airline code is invalid",
      errors: { travel: { airline: { legs: { "0": { airline_code: ["is invalid"] } } } } },
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(errorBodySchema.safeParse({ message: "x", errors: { amount: "is invalid" } }).success).toBe(false);
  });

  it("converts to JSON Schema for the OpenAPI document", () => {
    for (const schema of [transactionResponseSchema, transactionListResponseSchema, errorBodySchema]) {
      expect(() => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" })).not.toThrow();
      expect(() => z.toJSONSchema(schema, { io: "output", unrepresentable: "any" })).not.toThrow();
      // Embedded into OpenAPI components, a schema must not point into its own document.
      expect(JSON.stringify(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }))).not.toContain(
        "$ref",
      );
    }
  });
});
