import type { VerificationAnswer } from "../acquirer/acquirer";

/**
 * What waits behind a 3-D Secure challenge: the operation that goes on once the shopper has answered, stored with
 * the challenge (`three_d_secure_challenges.pending_operation`) so the end of the verification knows which it is
 * by its `kind`, not by the shape of what was kept.
 */
export type PendingOperation =
  /** A tokenization: the acquirer checked the card before the challenge; its answer applies once the shopper passes. */
  | { kind: "tokenization"; verification: VerificationAnswer }
  /** A payment or authorization: the acquirer is asked only once the shopper passes. */
  | {
      kind: "deferred_authorization";
      /** The card record was stored for this transaction, and goes if it fails. */
      ownsCard: boolean;
    };
