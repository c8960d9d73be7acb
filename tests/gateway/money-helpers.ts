import type {
  Acquirer,
  AcquirerAnswer,
  AuthorizeRequest,
  CreditRequest,
  FollowUpRequest,
  VerificationAnswer,
  VerifyRequest,
} from "@/lib/gateway/acquirer/acquirer";
import { SandboxAcquirer } from "@/lib/gateway/acquirer/sandbox-acquirer";
import { callJson, futureExpiry, type JsonResponse, type TestGateway, type TestShop } from "./harness";

/** The smallest valid payment (or authorization) request; override any field. */
export function paymentRequest(overrides: Record<string, unknown> = {}, card: Record<string, unknown> = {}) {
  return {
    request: {
      amount: 1000,
      currency: "USD",
      description: "Test order",
      credit_card: {
        number: "4200000000000000",
        verification_value: "123",
        holder: "John Doe",
        ...futureExpiry(),
        ...card,
      },
      ...overrides,
    },
  };
}

export function postPayment(
  gateway: TestGateway,
  shop: TestShop,
  body: unknown,
  type: "payments" | "authorizations" | "credits" = "payments",
): Promise<JsonResponse> {
  return callJson(gateway, `/transactions/${type}`, { shop, body });
}

/**
 * The sandbox acquirer, with every call it receives recorded (operation and idempotency key, never card data) so
 * a test can tell whether money was asked to move. The answers are the sandbox's own.
 */
export class RecordingAcquirer implements Acquirer {
  readonly calls: {
    operation: string;
    idempotencyKey: string;
    amount: number;
    verificationValue?: string | null;
  }[] = [];
  /** The card checks of tokenizations, which move no money (kept apart from `calls`, the calls that may). */
  readonly verifications: { idempotencyKey: string; test: boolean }[] = [];
  /** The test flag of every call, by idempotency key, in order (kept apart so `calls` stays as tests compare it). */
  readonly testFlags: { idempotencyKey: string; test: boolean }[] = [];
  private readonly sandbox: SandboxAcquirer;

  constructor(options: { slowAnswerMs?: number } = {}) {
    this.sandbox = new SandboxAcquirer(options);
  }

  verify(request: VerifyRequest): Promise<VerificationAnswer> {
    this.verifications.push({ idempotencyKey: request.idempotencyKey, test: request.test });
    return this.sandbox.verify(request);
  }

  authorize(request: AuthorizeRequest): Promise<AcquirerAnswer> {
    this.testFlags.push({ idempotencyKey: request.idempotencyKey, test: request.test });
    this.calls.push({
      operation: request.capture ? "authorize+capture" : "authorize",
      idempotencyKey: request.idempotencyKey,
      amount: request.amount,
      verificationValue: request.card.verificationValue,
    });
    return this.sandbox.authorize(request);
  }

  capture(request: FollowUpRequest): Promise<AcquirerAnswer> {
    this.testFlags.push({ idempotencyKey: request.idempotencyKey, test: request.test });
    this.calls.push({ operation: "capture", idempotencyKey: request.idempotencyKey, amount: request.amount });
    return this.sandbox.capture(request);
  }

  void(request: FollowUpRequest): Promise<AcquirerAnswer> {
    this.testFlags.push({ idempotencyKey: request.idempotencyKey, test: request.test });
    this.calls.push({ operation: "void", idempotencyKey: request.idempotencyKey, amount: request.amount });
    return this.sandbox.void(request);
  }

  refund(request: FollowUpRequest & { reason: string }): Promise<AcquirerAnswer> {
    this.testFlags.push({ idempotencyKey: request.idempotencyKey, test: request.test });
    this.calls.push({ operation: "refund", idempotencyKey: request.idempotencyKey, amount: request.amount });
    return this.sandbox.refund(request);
  }

  credit(request: CreditRequest): Promise<AcquirerAnswer> {
    this.testFlags.push({ idempotencyKey: request.idempotencyKey, test: request.test });
    this.calls.push({ operation: "credit", idempotencyKey: request.idempotencyKey, amount: request.amount });
    return this.sandbox.credit(request);
  }

  testFlagsFor(uid: string): boolean[] {
    return this.testFlags.filter((call) => call.idempotencyKey === uid).map((call) => call.test);
  }

  callsFor(uid: string) {
    return this.calls.filter((call) => call.idempotencyKey === uid);
  }
}
