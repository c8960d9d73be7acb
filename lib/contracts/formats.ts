/**
 * Format predicates behind the field schemas. Plain functions, no platform APIs beyond `URL`, so the same checks
 * run in the gateway and in the browser forms.
 */

const IPV4_OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
// Leading zeros are refused: "010" is octal to some parsers and decimal to others.
const IPV4 = new RegExp(`^${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}$`);
const IPV6_GROUP = /^[0-9A-Fa-f]{1,4}$/;
const IPV6_EMBEDDED_IPV4 = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/;

export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

/** RFC 4291 text forms, including `::` compression and a trailing dotted IPv4 (`::ffff:192.0.2.1`); no zone ids. */
export function isIpv6(value: string): boolean {
  let text = value;
  const embedded = IPV6_EMBEDDED_IPV4.exec(text);
  if (embedded) {
    if (!isIpv4(embedded[2])) return false;
    text = `${embedded[1]}0:0`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groups = halves.map((half) => (half === "" ? [] : half.split(":")));
  if (!groups.every((part) => part.every((group) => IPV6_GROUP.test(group)))) return false;
  const count = groups.reduce((sum, part) => sum + part.length, 0);
  return halves.length === 2 ? count <= 7 : count === 8;
}

export function isIpAddress(value: string): boolean {
  return isIpv4(value) || isIpv6(value);
}

function hasWhitespaceOrControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || /\s/.test(value[i])) return true;
  }
  return false;
}

/**
 * Absolute http(s) URL with a host. `URL` alone is too forgiving for addresses we later call: it trims spaces and
 * reads "http:example.com" as "http://example.com", so the scheme and `//` must be spelled out.
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || hasWhitespaceOrControl(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/** `YYYY-MM-DD` naming a day that exists (no 2023-02-29, no 2024-04-31). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** `YYYY-MM-DDThh:mm:ss` without offset, as airline data carries local times of the airports. */
export function isLocalDateTime(value: string): boolean {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return false;
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4])];
  return isCalendarDate(match[1]) && hours <= 23 && minutes <= 59 && seconds <= 59;
}

/** The `YYYY-MM-DD` date of `instant` at the given offset from UTC. */
export function isoDateAt(instant: Date, offsetMinutes = 0): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}
