/** The card limits' refusals, and the numbers a guesser of one card family would send, for the tests of both. */

export const FAMILY_LIMITED = {
  message: "Too many different cards with the same first and last digits",
  errors: { base: ["Too many different cards with the same first and last digits"] },
};

export const NEW_CARD_LIMITED = {
  message: "Too many new cards in a minute",
  errors: { base: ["Too many new cards in a minute"] },
};

export function isLuhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Every Luhn-valid 16-digit number with these first 8 and last 4 digits: what a guesser has to try. */
export function candidates(first8: string, last4: string): string[] {
  const found: string[] = [];
  for (let middle = 0; middle < 10_000; middle++) {
    const number = `${first8}${String(middle).padStart(4, "0")}${last4}`;
    if (isLuhnValid(number)) found.push(number);
  }
  return found;
}
