/** What the demo merchant sells; the amount is in minor units, as the API takes it. */
export const DEMO_PRODUCT = {
  name: "Tessera mug, 330 ml",
  amount: 1290,
  currency: "EUR",
} as const;
