import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/lib/contracts/languages";
import { SUBSCRIPTION_EMAIL_BLANK } from "@/lib/contracts/messages";
import { describeBaseError, describeFieldError } from "./error-messages";
import { getCheckoutMessages } from "./messages";

const messages = getCheckoutMessages("en");

describe("describeFieldError", () => {
  it("turns contract messages into what the shopper should do", () => {
    expect(describeFieldError(messages, "number", "can't be blank")).toBe("Enter the card number");
    expect(describeFieldError(messages, "number", "is too long (maximum is 19 digits)")).toBe(
      "Enter a valid card number",
    );
    expect(describeFieldError(messages, "expiry", "Date is expired")).toBe(
      "This card has expired. Check the date or use another card",
    );
    expect(describeFieldError(messages, "verification_value", "is invalid", { securityCodeLength: 4 })).toBe(
      "Enter the 4-digit security code",
    );
    expect(describeFieldError(messages, "city", "is too long (maximum is 60 characters)")).toBe(
      "Use at most 60 characters",
    );
    expect(describeFieldError(messages, "state", "is only allowed when country is US or CA")).toBe(
      "A state or province is only needed in the United States and Canada",
    );
    expect(describeFieldError(messages, "birth_date", "can't be in the future")).toBe(
      "The date can't be in the future",
    );
  });
});

describe("a subscription page's e-mail", () => {
  it("is asked for with the reason, in every language the page speaks", () => {
    expect(describeFieldError(messages, "email", SUBSCRIPTION_EMAIL_BLANK)).toBe(
      "Enter your email address: we tell you there before renewals and when your card needs updating",
    );
    for (const language of LANGUAGES) {
      const own = getCheckoutMessages(language);
      const text = describeFieldError(own, "email", SUBSCRIPTION_EMAIL_BLANK);
      expect(text, language).toBe(own.errors.subscriptionEmail);
      // Not the plain "enter your e-mail", and not English where the page speaks another language.
      expect(text, language).not.toBe(own.fields.email.required);
      if (language !== "en") expect(text, language).not.toBe(messages.errors.subscriptionEmail);
    }
  });
});

describe("describeBaseError", () => {
  it("explains what the shopper can act on and gives a reference for the rest", () => {
    expect(describeBaseError(messages, "Duplicate transaction", "AB12")).toMatch(
      /just used for the same amount/,
    );
    expect(describeBaseError(messages, "Ip can't be blank", "AB12")).toBe(
      "The payment could not be processed right now. Try again in a moment. Reference: AB12.",
    );
  });
});
