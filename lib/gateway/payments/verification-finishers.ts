import type { VerificationFinishers } from "../three-d-secure/finish-verification";
import { finishTokenizationVerification } from "../tokenization/finish-tokenization-verification";
import { finishPaymentVerification } from "./finish-payment-verification";

/**
 * What ends a 3-D Secure verification, by the kind of operation waiting behind it: handed to the issuer's flow and
 * the expiry sweep by the HTTP edge and the runtime.
 */
export const VERIFICATION_FINISHERS: VerificationFinishers = {
  tokenization: finishTokenizationVerification,
  deferred_authorization: finishPaymentVerification,
};
