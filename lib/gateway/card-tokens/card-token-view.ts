import type { CardTokenResponse } from "@/lib/contracts/credit-card-token";
import type { CardRecord } from "@/lib/db/schema";
import { describeCard } from "../cards/describe-card";

/** A stored card as the card tokens API answers it: masked, never the number. */
export function cardTokenView(
  record: Pick<CardRecord, "token" | "holder" | "stamp" | "expMonth" | "expYear">,
  number: string,
): CardTokenResponse {
  const description = describeCard(number);
  return {
    token: record.token,
    holder: record.holder,
    brand: description.brand,
    first_1: description.first_1,
    last_4: description.last_4,
    stamp: record.stamp,
    exp_month: record.expMonth,
    exp_year: record.expYear,
  };
}
