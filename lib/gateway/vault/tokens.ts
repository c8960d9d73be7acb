import { pooledRandomBytes } from "./random-pool";

const CARD_TOKEN = /^[0-9a-f]{64}$/;

// Purely random rather than derived from the card, so a token reveals nothing about the number it
// stands for and cannot be guessed from it.
export function generateCardToken(): string {
  return pooledRandomBytes(32).toString("hex");
}

export function isCardToken(value: string): boolean {
  return typeof value === "string" && CARD_TOKEN.test(value);
}
