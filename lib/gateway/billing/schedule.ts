import type { FailureReason, IntervalUnit } from "@/lib/contracts/subscription";

/** The last moment a subscription's date may be: ISO 8601's four-digit years, which every store reads back. */
const LATEST_DATE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A date a subscription computed that cannot be stored (not a date, or past year 9999): the plan behind it is
 * longer than any plan may now be (`MAX_INTERVAL`), a row from before the bound.
 */
export class ScheduleOutOfRange extends RangeError {
  constructor(count: number, unit: IntervalUnit) {
    super(`${count} ${unit}(s) on from the subscription's date is past year 9999`);
    this.name = "ScheduleOutOfRange";
  }
}

/**
 * `date` moved on by `count` units. Months and years keep the day of the month where it exists and take the
 * month's last day where it does not (31 January + 1 month is 28 or 29 February), all in UTC. Throws
 * `ScheduleOutOfRange` rather than answer a date that cannot be stored.
 */
export function addInterval(date: Date, count: number, unit: IntervalUnit): Date {
  const moved = movedBy(date, count, unit);
  const time = moved.getTime();
  if (!Number.isFinite(time) || time > LATEST_DATE) throw new ScheduleOutOfRange(count, unit);
  return moved;
}

function movedBy(date: Date, count: number, unit: IntervalUnit): Date {
  const time = date.getTime();
  switch (unit) {
    case "hour":
      return new Date(time + count * 3_600_000);
    case "day":
      return new Date(time + count * 86_400_000);
    case "week":
      return new Date(time + count * 7 * 86_400_000);
    case "month":
    case "year": {
      const months = unit === "year" ? count * 12 : count;
      const target = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
      const year = Math.floor(target / 12);
      const month = target % 12;
      const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
      const day = Math.min(date.getUTCDate(), lastDay);
      return new Date(
        Date.UTC(
          year,
          month,
          day,
          date.getUTCHours(),
          date.getUTCMinutes(),
          date.getUTCSeconds(),
          date.getUTCMilliseconds(),
        ),
      );
    }
  }
}

const UNIT_MS: Partial<Record<IntervalUnit, number>> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};

/**
 * The end of the billing period that covers `after`: the first anniversary of `anchor` (the moment the first period
 * started) strictly later than `after`, `anchor` + k × the interval for the least k ≥ 1. Always counted from the
 * anchor, never from the last period's end, so a month-end anchor keeps its day where the month has it: 31 January
 * → 28 (29) February → 31 March → 30 April.
 */
export function periodEndAfter(anchor: Date, after: Date, count: number, unit: IntervalUnit): Date {
  const months = unit === "month" ? count : unit === "year" ? count * 12 : 0;
  const elapsed =
    months > 0
      ? (after.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (after.getUTCMonth() - anchor.getUTCMonth())
      : after.getTime() - anchor.getTime();
  const per = months > 0 ? months : count * (UNIT_MS[unit] as number);
  // An estimate one or two short of k; the loop walks the rest.
  let k = Math.max(1, Math.floor(elapsed / per) - 1);
  let end = addInterval(anchor, k * count, unit);
  while (end.getTime() <= after.getTime()) {
    k += 1;
    end = addInterval(anchor, k * count, unit);
  }
  return end;
}

export const DAYTIME_START_HOUR = 8;
export const DAYTIME_END_HOUR = 20;

/** The hour and minute of `date` on the wall clock of `timeZone` (IANA). */
function wallClock(date: Date, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { hour: value("hour"), minute: value("minute") };
}

/**
 * The first moment at or after `date` between 08:00 and 20:00 in `timeZone`: a charge of a plan that prevents
 * payments at night waits for the morning (whole minutes; a daylight-saving change in the night is allowed for).
 */
export function nextDaytime(date: Date, timeZone: string): Date {
  const { hour, minute } = wallClock(date, timeZone);
  if (hour >= DAYTIME_START_HOUR && hour < DAYTIME_END_HOUR) return date;
  const minutesToMorning =
    hour >= DAYTIME_END_HOUR
      ? (24 - hour + DAYTIME_START_HOUR) * 60 - minute
      : (DAYTIME_START_HOUR - hour) * 60 - minute;
  let candidate = new Date(date.getTime() + minutesToMorning * 60_000);
  candidate.setUTCSeconds(0, 0);
  // A daylight-saving change in between moves the wall clock (by up to an hour, either way): correct by what the
  // wall clock then shows, until it shows 08:00.
  for (let step = 0; step < 3; step++) {
    const shown = wallClock(candidate, timeZone);
    const off = shown.hour * 60 + shown.minute - DAYTIME_START_HOUR * 60;
    if (off === 0) break;
    candidate = new Date(candidate.getTime() - off * 60_000);
  }
  // A morning whose 08:00 does not exist on the wall clock: the first daytime minute after it.
  for (let step = 0; step < 180 && !isDaytime(candidate, timeZone); step++) {
    candidate = new Date(candidate.getTime() + 60_000);
  }
  return candidate;
}

export function isDaytime(date: Date, timeZone: string): boolean {
  const { hour } = wallClock(date, timeZone);
  return hour >= DAYTIME_START_HOUR && hour < DAYTIME_END_HOUR;
}

/** Seconds to the next attempt after a soft decline (bePaid's schedule: the next day) and a processor error. */
export const SOFT_DECLINE_RETRY_SECONDS = 24 * 3600;
export const PROCESSOR_ERROR_RETRY_SECONDS = 3600;

/**
 * What a failed charge met. Hard: the card will not be charged, whatever the retry (lost or stolen 43, restricted
 * 62, expired 54, do not honour and other 05s, security code or pick-up codes). Soft: insufficient funds (51, 61,
 * 65) — the card may work tomorrow. Error: the processor did not decide (status `error`).
 */
export type FailureKind = "hard" | "soft" | "error";

const SOFT_BANK_CODES = new Set(["51", "61", "65", "91"]);

export function classifyFailure(status: "failed" | "error", bankCode: string | null): FailureKind {
  if (status === "error") return "error";
  return bankCode !== null && SOFT_BANK_CODES.has(bankCode) ? "soft" : "hard";
}

/** Bank codes of a card past its expiry date. */
const EXPIRED_CARD_BANK_CODES = new Set(["54", "33"]);

/**
 * Why a failed attempt failed, in the classes the subscriber is told (`renewal_failed`): insufficient funds (the
 * soft codes but 91), an expired card (its bank code, or a stored card refused before it was asked: its expiry
 * passed), a processor that did not decide, or any other decline.
 */
export function failureReasonOf(
  status: "failed" | "error",
  bankCode: string | null,
  refusedBeforeAsking: boolean,
): FailureReason {
  if (refusedBeforeAsking) return "card_expired";
  if (status === "error" || bankCode === "91") return "processor_error";
  if (bankCode !== null && EXPIRED_CARD_BANK_CODES.has(bankCode)) return "card_expired";
  if (bankCode !== null && SOFT_BANK_CODES.has(bankCode)) return "insufficient_funds";
  return "declined";
}

/**
 * The start of the billing period that ends at `end`: the last anniversary of `anchor` before it (the anchor itself
 * for the first period). With `periodEndAfter`, what a plan change prorates over.
 */
export function periodStartBefore(anchor: Date, end: Date, count: number, unit: IntervalUnit): Date {
  if (end.getTime() <= anchor.getTime()) return anchor;
  const months = unit === "month" ? count : unit === "year" ? count * 12 : 0;
  const elapsed =
    months > 0
      ? (end.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (end.getUTCMonth() - anchor.getUTCMonth())
      : end.getTime() - anchor.getTime();
  const per = months > 0 ? months : count * (UNIT_MS[unit] as number);
  // An estimate below k; the loop walks up to the last anniversary before `end`.
  let k = Math.max(0, Math.floor(elapsed / per) - 2);
  while (addInterval(anchor, (k + 1) * count, unit).getTime() < end.getTime()) k += 1;
  return addInterval(anchor, k * count, unit);
}
