import { createRequire } from "node:module";
import { pino } from "pino";
import { isLuhnValid } from "@/lib/cards/luhn";
import { currentRequestId } from "@/lib/server/request-id";

export type Logger = pino.Logger;

const CENSOR = "[REDACTED]";

/**
 * Redaction happens in two layers. Known sensitive field names are censored by path before
 * serialisation; then every finished line is scanned for anything that still looks like card data or a
 * credential, because card numbers also reach logs through error messages, interpolated strings and
 * fields nobody thought to name.
 */

// Card tokens are deliberately absent: they are not secret-grade and support needs them.
const SENSITIVE_KEYS = [
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "number",
  "verification_value",
  "cvv",
  "cvc",
  "secret",
  "secret_key",
  "secretKey",
  "webhook_secret",
  "webhookSecret",
  "password",
  "master_key",
  "masterKey",
  "private_key",
  "privateKey",
];

// Card data and headers are logged nested inside request objects, e.g. `req.headers.authorization` or
// `body.request.credit_card.number`, so those keys are followed further down. Every wildcard path costs
// time on every line, which is why the rest stop one level down and rely on the pattern layer below.
const DEEP_KEYS: Record<string, number> = {
  authorization: 2,
  cookie: 2,
  number: 3,
  verification_value: 3,
};

function pathTo(key: string, depth: number): string {
  const wildcards = "*.".repeat(depth);
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${wildcards}${key}` : `${wildcards.slice(0, -1)}["${key}"]`;
}

const REDACT_PATHS = SENSITIVE_KEYS.flatMap((key) =>
  Array.from({ length: (DEEP_KEYS[key] ?? 1) + 1 }, (_, depth) => pathTo(key, depth)),
);

const SECURITY_CODE_KEYS = "verification_value|cvv2?|cvc2?|security_code";
// `"cvv":"123"` or `"cvv":123` as a field of the line itself.
const SECURITY_CODE_FIELD = new RegExp(
  `("(?:${SECURITY_CODE_KEYS})"\\s*:\\s*)(?:"(?:[^"\\\\]|\\\\.)*"|-?\\d+)`,
  "gi",
);
// `\"cvv\":\"123\"`: a request body that was logged as a JSON string.
const SECURITY_CODE_ESCAPED = new RegExp(
  `(\\\\"(?:${SECURITY_CODE_KEYS})\\\\"\\s*:\\s*)(?:\\\\"(?:(?!\\\\").)*\\\\"|-?\\d+)`,
  "gi",
);
// `cvv=123`: query strings and form bodies.
const SECURITY_CODE_FORM = new RegExp(`\\b((?:${SECURITY_CODE_KEYS})=)[^&\\s"\\\\]*`, "gi");
const CREDENTIAL = /\b(Basic|Bearer)\s+([A-Za-z0-9+/._~-]+=*)/gi;

/**
 * "HTTP Basic shop id / secret key" is prose: a Basic credential is the base64 of `user:password`, so a plain
 * lower-case word after "Basic" that does not decode to something with a colon is left as written. Anything else
 * after Basic (capitals, digits, padding, or a word that does decode to `user:password`) and anything after Bearer
 * is masked, as before.
 */
function isProseWord(scheme: string, value: string): boolean {
  if (scheme.toLowerCase() !== "basic" || !/^[a-z]+$/.test(value)) return false;
  return !Buffer.from(value, "base64").toString("latin1").includes(":");
}

function maskCredential(match: string, scheme: string, value: string): string {
  return isProseWord(scheme, value) ? match : `${scheme} ${CENSOR}`;
}

const MIGHT_HOLD_SECRET = /cv[cv]|verification_value|security_code|basic|bearer/i;
// Capability tokens (32 random bytes in hex) are credentials that travel in URLs: a checkout session's, in the hosted
// page's (`/checkout/<token>`), the gateway's (`/ctp/api/checkouts/<token>`) and the merchant's return URLs
// (`token=`); a subscription's card-update and cancel links (`/subscription_cards/<token>`, …). Any such run as a
// path segment or a query value is masked; its first 8 characters are kept, enough to find it in support and of no
// use to anyone else.
const CHECKOUT_TOKEN = /(\/|[?&;][A-Za-z_]*=)([0-9a-fA-F]{8})[0-9a-fA-F]{56}(?![0-9a-fA-F])/g;
const CHECKOUT_TOKEN_MASK = `$1$2${CENSOR}`;
const DIGIT_RUN = /\d+(?:[ -]\d+)*/g;
const UUID = /[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}/g;
const UUID_LENGTH = 36;
const MIN_HEX_IDENTIFIER = 32;

const MIN_CARD_DIGITS = 12;
const MAX_CARD_DIGITS = 19;

function looksLikeCardNumber(digits: string): boolean {
  if (digits.length < MIN_CARD_DIGITS || digits.length > MAX_CARD_DIGITS) return false;
  // Millisecond timestamps are 13 digits starting with 1 and a tenth of them pass Luhn; no scheme
  // issues 13-digit numbers starting with 1, so leaving them alone costs nothing.
  if (digits.length === 13 && digits[0] === "1") return false;
  return isLuhnValid(digits);
}

function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/**
 * A run such as "order 12 4111 1111 1111 1111 2030" is several separated groups, and the card number
 * may be any consecutive stretch of them. Which stretch is the real one cannot be known, so every
 * Luhn-valid stretch is covered and overlapping ones are masked as one: however the run is read, no
 * more than six leading and four trailing digits of a card survive.
 */
function maskDigitRun(run: string): string {
  const groups = Array.from(run.matchAll(/\d+/g), (match) => ({
    digits: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
  const spans: { first: number; last: number }[] = [];
  for (let i = 0; i < groups.length; i++) {
    let candidate = "";
    for (let j = i; j < groups.length; j++) {
      candidate += groups[j].digits;
      if (candidate.length > MAX_CARD_DIGITS) break;
      if (!looksLikeCardNumber(candidate)) continue;
      const previous = spans.at(-1);
      if (previous && i <= previous.last) previous.last = Math.max(previous.last, j);
      else spans.push({ first: i, last: j });
    }
  }
  let output = "";
  let cursor = 0;
  for (const { first, last } of spans) {
    const digits = groups
      .slice(first, last + 1)
      .map((group) => group.digits)
      .join("");
    output += run.slice(cursor, groups[first].start) + maskCardNumber(digits);
    cursor = groups[last].end;
  }
  return output + run.slice(cursor);
}

/** Tracks whether a position of a JSON line is inside a string, scanning each character at most once. */
function stringTracker(line: string): (offset: number) => boolean {
  let position = 0;
  let inString = false;
  return (offset) => {
    for (; position < offset; position++) {
      const char = line[position];
      if (char === "\\") position++;
      else if (char === '"') inString = !inString;
    }
    return inString;
  };
}

function isHexDigit(char: string | undefined): boolean {
  return char !== undefined && /^[0-9a-fA-F]$/.test(char);
}

/**
 * Card tokens, keyed stamps and UUIDs routinely contain long digit runs, and masking them would break
 * the identifiers support searches for. A card number glued to hex is not a shape real data takes.
 */
function isInsideIdentifier(line: string, start: number, end: number): boolean {
  if (/^\d+$/.test(line.slice(start, end))) {
    let from = start;
    let to = end;
    while (isHexDigit(line[from - 1])) from--;
    while (isHexDigit(line[to])) to++;
    if (to - from >= MIN_HEX_IDENTIFIER) return true;
  }
  const nearby = line.slice(Math.max(0, start - UUID_LENGTH), end + UUID_LENGTH);
  const nearbyOffset = Math.max(0, start - UUID_LENGTH);
  for (const uuid of nearby.matchAll(UUID)) {
    const uuidStart = nearbyOffset + uuid.index;
    if (uuidStart <= start && uuidStart + uuid[0].length >= end) return true;
  }
  return false;
}

function maskCardNumbers(line: string): string {
  const isInString = stringTracker(line);
  return line.replace(DIGIT_RUN, (run: string, offset: number) => {
    // Nearly every line holds only short numbers and the timestamp, so they must cost next to nothing.
    if (run.length < MIN_CARD_DIGITS) return run;
    const masked = maskDigitRun(run);
    if (masked === run || isInsideIdentifier(line, offset, offset + run.length)) return run;
    if (isInString(offset)) return masked;
    // Outside strings only a whole JSON integer may be replaced, and only by a string: masking the
    // digits of a fraction or exponent in place would leave the line unparseable.
    const before = line[offset - 1];
    const after = line[offset + run.length];
    const wholeInteger =
      (before === ":" || before === "," || before === "[") &&
      (after === "," || after === "}" || after === "]");
    return wholeInteger ? `"${masked}"` : run;
  });
}

/** Checkout tokens in URLs and `Basic`/`Bearer` credentials masked: for text that is not a log line of ours. */
export function maskCredentials(text: string): string {
  const withoutTokens = text.replace(CHECKOUT_TOKEN, CHECKOUT_TOKEN_MASK);
  return MIGHT_HOLD_SECRET.test(withoutTokens)
    ? withoutTokens.replace(CREDENTIAL, maskCredential)
    : withoutTokens;
}

function redactLine(rawLine: string): string {
  const line = rawLine.replace(CHECKOUT_TOKEN, CHECKOUT_TOKEN_MASK);
  const withoutSecrets = MIGHT_HOLD_SECRET.test(line)
    ? line
        .replace(SECURITY_CODE_FIELD, `$1"${CENSOR}"`)
        .replace(SECURITY_CODE_ESCAPED, `$1\\"${CENSOR}\\"`)
        .replace(SECURITY_CODE_FORM, `$1${CENSOR}`)
        .replace(CREDENTIAL, maskCredential)
    : line;
  return maskCardNumbers(withoutSecrets);
}

const MAX_ERROR_DEPTH = 8;

/** A copy of a serialized error with binary values (and anything nested too deep) replaced by a placeholder. */
function withoutBinary(value: unknown, depth = 0): unknown {
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_ERROR_DEPTH) return "[nested too deep]";
  if (Array.isArray(value)) return value.map((item) => withoutBinary(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withoutBinary(item, depth + 1)]),
  );
}

/**
 * Errors as pino serializes them, minus binary values: a failed query's error carries its parameters (a sealed
 * card is a Buffer), and a Buffer under the redaction's wildcard paths made pino drop the whole `err` as
 * "[unable to serialize ...]", losing the cause of every such failure.
 */
function serializeError(error: unknown): unknown {
  return error instanceof Error ? withoutBinary(pino.stdSerializers.err(error)) : error;
}

/**
 * Every line written while a request runs names it (`requestId`, as its `X-Request-Id` answer header does). A new
 * object each time: pino merges the line's own fields into it.
 */
function requestIdMixin(): object {
  const requestId = currentRequestId();
  return requestId === undefined ? {} : { requestId };
}

/**
 * `json`: one JSON object a line, for log collectors (the default in production and tests). `pretty`: one readable
 * line each (time, level, message, then the fields), for a person at a terminal (the default in development).
 * Either way the line is redacted as JSON first, then shown.
 */
export type LogFormat = "json" | "pretty";

function prettyDestination(destination: pino.DestinationStream | undefined): pino.DestinationStream {
  // Loaded only when asked for: production never pays for it.
  const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => pino.DestinationStream;
  return pretty({
    destination: destination ?? 1,
    sync: false,
    singleLine: true,
    colorize: destination === undefined && process.stdout.isTTY === true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
  });
}

export function createLogger(options: {
  level: string;
  destination?: pino.DestinationStream;
  format?: LogFormat;
}): pino.Logger {
  const loggerOptions: pino.LoggerOptions = {
    level: options.level,
    serializers: { err: serializeError },
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    hooks: { streamWrite: redactLine },
    mixin: requestIdMixin,
  };
  // Standard output written asynchronously: lines logged while a write is in flight go out together, instead of a
  // system call per request line. Flushed when the process exits.
  let destination = options.destination;
  if (options.format === "pretty") {
    try {
      destination = prettyDestination(options.destination);
    } catch {
      // A bundle that cannot load pino-pretty (a framework's own server build) logs JSON lines: never no log.
    }
  }
  destination ??= pino.destination({ dest: 1, sync: false });
  return pino(loggerOptions, destination);
}

const accessLoggers = new WeakMap<pino.Logger, pino.Logger>();

/**
 * For the one line a request writes (method, path, status, duration): the same output and the same pattern masking
 * of every written line, without the path-by-path redaction of logged objects, which cost a sixth of a
 * tokenization's CPU at `info` and has nothing to find in those four scalar fields.
 */
export function accessLogger(logger: pino.Logger): pino.Logger {
  let access = accessLoggers.get(logger);
  if (!access) {
    const stream = (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
    access = pino({ level: logger.level, hooks: { streamWrite: redactLine }, mixin: requestIdMixin }, stream);
    accessLoggers.set(logger, access);
  }
  return access;
}

/** Bytes are decoded only to look: unless something is masked they go out as they came, split characters included. */
function maskChunk(chunk: unknown): unknown {
  if (typeof chunk === "string") return maskCredentials(chunk);
  if (!(chunk instanceof Uint8Array)) return chunk;
  const text = Buffer.from(chunk).toString("utf8");
  const masked = maskCredentials(text);
  return masked === text ? chunk : masked;
}

/**
 * The framework's own messages (Next's request errors, say) go to standard output and error through `console`, not
 * through pino, and name the URL they were about: each write is masked as a log line is. Applied once by the server.
 */
export function maskProcessOutput(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) =>
      write(maskChunk(chunk), ...rest)) as typeof stream.write;
  }
}
