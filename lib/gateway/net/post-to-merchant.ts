import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { traceHeaders, withSpan } from "../observability/tracing";
import { type AddressCheck, BlockedAddressError, guardedLookup, resolveAllowedAddresses } from "./safe-url";

export interface MerchantPost extends AddressCheck {
  url: string;
  /** The raw body, exactly as signed. */
  body: string;
  headers: Record<string, string>;
  /** Deadline for the whole exchange: connection, response and body. */
  timeoutMs: number;
  /** The response body is read up to this many bytes; the rest is discarded. */
  maxResponseBytes?: number;
  /** Abandons the request (shutdown). */
  signal?: AbortSignal;
}

export interface MerchantAnswer {
  status: number;
  contentType: string;
  body: string;
  /** The body was longer than `maxResponseBytes` and was cut. */
  truncated: boolean;
}

/** No HTTP answer: refused or blocked address, timeout, network or TLS failure. */
export class MerchantUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MerchantUnreachableError";
  }
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs to a merchant's URL with the SSRF guard: an IP literal is checked here, a name is resolved and checked by
 * the connection's own lookup. Redirects are not followed (a 3xx is just a status), so a merchant URL cannot
 * bounce the request to an address the guard never saw.
 */
export async function postToMerchant(post: MerchantPost): Promise<MerchantAnswer> {
  let url: URL;
  try {
    url = new URL(post.url);
  } catch {
    throw new MerchantUnreachableError("URL is not valid");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new MerchantUnreachableError(`Unsupported URL scheme ${url.protocol}`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  // node:net skips `lookup` for an IP literal, so a literal is checked here; a name is checked by the lookup.
  if (isIP(host)) {
    try {
      await resolveAllowedAddresses(host, post);
    } catch (error) {
      throw new MerchantUnreachableError((error as Error).message, { cause: error });
    }
  }
  // The merchant's URL (its host and path may name the merchant's customer) is no span attribute.
  return withSpan("merchant POST", {}, async () => {
    const answer = await send(url, post);
    return answer;
  });
}

function send(url: URL, post: MerchantPost): Promise<MerchantAnswer> {
  const limit = post.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message: string, cause?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      reject(new MerchantUnreachableError(message, { cause }));
    };
    const request = transport.request(url, {
      method: "POST",
      // `traceparent` of this call's span, when tracing is on: the merchant's own traces continue ours.
      headers: { ...post.headers, ...traceHeaders(), "Content-Length": String(Buffer.byteLength(post.body)) },
      lookup: guardedLookup(post),
      // A fresh connection per request: a pooled socket may have been opened under another address policy.
      agent: false,
    });
    const deadline = setTimeout(() => {
      fail(`No answer within ${post.timeoutMs} ms`);
      request.destroy();
    }, post.timeoutMs);
    const abandon = () => {
      fail("Request abandoned");
      request.destroy();
    };
    if (post.signal?.aborted) abandon();
    post.signal?.addEventListener("abort", abandon, { once: true });
    request.once("close", () => post.signal?.removeEventListener("abort", abandon));
    request.on("error", (error: NodeJS.ErrnoException) => {
      const blocked = error instanceof BlockedAddressError;
      fail(blocked ? error.message : `${error.code ?? "Error"}: ${error.message}`, error);
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let received = 0;
      let truncated = false;
      response.on("data", (chunk: Buffer) => {
        if (received >= limit) {
          truncated = true;
          return;
        }
        chunks.push(chunk.subarray(0, limit - received));
        received += chunk.length;
        if (received > limit) truncated = true;
      });
      response.on("error", (error) => fail(`Response failed: ${error.message}`, error));
      response.on("end", () => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? ""),
          body: Buffer.concat(chunks).toString("utf8"),
          truncated,
        });
      });
    });
    request.end(post.body);
  });
}
