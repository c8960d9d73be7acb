import { describe, expect, it } from "vitest";
import { shopSettingsSchema } from "@/lib/contracts/shop-settings";
import {
  AUTHORIZATION_EXPIRY_RANGE,
  EDITABLE_SETTINGS,
  NEW_CARD_LIMIT_RANGE,
  type SettingsFormValues,
  settingsFormIssueMessage,
  settingsFormSchema,
  toFormValues,
} from "./settings-form";

/** A new shop's settings as the form shows them. */
const defaults = (): SettingsFormValues => toFormValues(shopSettingsSchema.pick(EDITABLE_SETTINGS).parse({}));

function submit(values: Partial<SettingsFormValues>) {
  return settingsFormSchema.safeParse({ ...defaults(), ...values }, { error: settingsFormIssueMessage });
}

function messagesOf(values: Partial<SettingsFormValues>, field: string): string[] {
  const result = submit(values);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

describe("the settings form's new-card limit", () => {
  it("shows the shop's limit, 60 for a new shop", () => {
    expect(defaults().new_card_limit_per_minute).toBe("60");
    expect(toFormValues({ ...shopSettingsSchema.parse({}), new_card_limit_per_minute: 0 })).toMatchObject({
      new_card_limit_per_minute: "0",
    });
  });

  it("sends what was typed as a number: 0 (off) and the gateway's largest value pass", () => {
    for (const typed of ["0", " 250 ", String(NEW_CARD_LIMIT_RANGE.max)]) {
      const result = submit({ new_card_limit_per_minute: typed });
      expect(result.success, typed).toBe(true);
      expect(result.data?.new_card_limit_per_minute).toBe(Number(typed));
    }
  });

  it("has the gateway's bounds", () => {
    expect(NEW_CARD_LIMIT_RANGE).toEqual({ min: 0, max: 1_000_000 });
  });

  it("refuses what the gateway would, in its words", () => {
    expect(messagesOf({ new_card_limit_per_minute: "1000001" }, "new_card_limit_per_minute")).toEqual([
      "must be less than or equal to 1000000",
    ]);
    // Not "no limit" (that is 0): an emptied input is a mistake to point at.
    expect(messagesOf({ new_card_limit_per_minute: "" }, "new_card_limit_per_minute")).toEqual([
      "can't be blank",
    ]);
    for (const typed of ["-1", "1.5", "sixty"]) {
      expect(messagesOf({ new_card_limit_per_minute: typed }, "new_card_limit_per_minute"), typed).toEqual([
        "is invalid",
      ]);
    }
  });

  it("leaves the tokenization limit's empty input as no limit", () => {
    const result = submit({ velocity_limit_per_minute: "" });
    expect(result.data?.velocity_limit_per_minute).toBeNull();
    expect(messagesOf({ velocity_limit_per_minute: "0" }, "velocity_limit_per_minute")).toEqual([
      "must be greater than or equal to 1",
    ]);
  });
});

describe("the settings form's authorization expiry", () => {
  it("shows the shop's days, 7 for a new shop, and sends what was typed as a number", () => {
    expect(defaults().authorization_expiry_days).toBe("7");
    const result = submit({ authorization_expiry_days: " 30 " });
    expect(result.success).toBe(true);
    expect(result.data?.authorization_expiry_days).toBe(30);
  });

  it("has the gateway's bounds and refuses what the gateway would, in its words", () => {
    expect(AUTHORIZATION_EXPIRY_RANGE).toEqual({ min: 1, max: 31 });
    expect(messagesOf({ authorization_expiry_days: "32" }, "authorization_expiry_days")).toEqual([
      "must be less than or equal to 31",
    ]);
    expect(messagesOf({ authorization_expiry_days: "0" }, "authorization_expiry_days")).toEqual([
      "must be greater than or equal to 1",
    ]);
    expect(messagesOf({ authorization_expiry_days: "" }, "authorization_expiry_days")).toEqual([
      "can't be blank",
    ]);
  });
});

describe("the settings form's webhook secret key switch", () => {
  it("is on for a new shop and sends what is ticked", () => {
    expect(defaults().send_secret_key_in_webhooks).toBe(true);
    expect(submit({ send_secret_key_in_webhooks: false }).data?.send_secret_key_in_webhooks).toBe(false);
    expect(submit({}).data?.send_secret_key_in_webhooks).toBe(true);
  });
});

describe("the settings form's accepted cards and contact", () => {
  it("starts with every brand and no contact, and sends an empty contact as none", () => {
    expect(defaults().accepted_brands).toHaveLength(10);
    expect(defaults()).toMatchObject({ support_email: "", support_phone: "", support_url: "" });
    const result = submit({ accepted_brands: ["visa", "master"], support_email: " help@shop.example " });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      accepted_brands: ["visa", "master"],
      support_email: "help@shop.example",
      support_phone: null,
      support_url: null,
    });
  });

  it("refuses no brand at all, and a contact the gateway would refuse", () => {
    expect(messagesOf({ accepted_brands: [] }, "accepted_brands")).toEqual(["can't be blank"]);
    expect(messagesOf({ support_email: "help" }, "support_email")).toEqual(["is invalid"]);
    expect(messagesOf({ support_phone: "call us" }, "support_phone")).toEqual(["is not a phone number"]);
    expect(messagesOf({ support_url: "shop.example" }, "support_url")).toEqual(["is invalid"]);
  });
});
