/** The sandbox's published test cards (README, DESIGN §2), by the outcome they produce. */
export const TEST_CARDS = [
  { number: "4200000000000000", outcome: "success", threeDSecure: false },
  { number: "4005550000000019", outcome: "decline", threeDSecure: false },
  { number: "4012000000001097", outcome: "challenge", threeDSecure: true },
  { number: "4012000000001006", outcome: "frictionless", threeDSecure: true },
] as const;

/**
 * The test cards that do what their button says on this session: the 3-D Secure ones only where attempts go
 * through 3-D Secure (elsewhere the challenge card is simply accepted, without a challenge).
 */
export function testCardsFor(threeDSecure: boolean) {
  return TEST_CARDS.filter((card) => threeDSecure || !card.threeDSecure);
}
