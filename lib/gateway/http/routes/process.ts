import { randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import { frameAncestorOrigins } from "@/lib/contracts/frame-ancestors";
import type { GatewayDeps } from "../../context";
import { VERIFICATION_FINISHERS } from "../../payments/verification-finishers";
import {
  answerChallenge,
  type IssuerAction,
  openIssuerPage,
  returnUrlWithResult,
  submitDeviceData,
} from "../../three-d-secure/issuer-flow";
import { type PagePaths, renderIssuerPage } from "../../three-d-secure/pages/render-issuer-page";
import { requestHeader } from "../headers";

/** The issuer's forms hold a one-time code and a button: anything larger is not one of them. */
const MAX_FORM_BYTES = 8 * 1024;

/**
 * Reads an `application/x-www-form-urlencoded` body (what the pages' forms send). Another content type reads as
 * no fields at all; null when the body is over the limit.
 */
async function readFormFields(c: Context): Promise<URLSearchParams | null> {
  const mediaType = requestHeader(c, "content-type")?.split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/x-www-form-urlencoded" || !c.req.raw.body) return new URLSearchParams();
  if (Number(requestHeader(c, "content-length") ?? "0") > MAX_FORM_BYTES) return null;
  const reader = c.req.raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > MAX_FORM_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** `frame-ancestors` sources: the shop's allowed origins (plain http(s) origins only, never a wildcard), or 'none'. */
function frameAncestorsSource(origins: readonly string[]): string {
  const allowed = frameAncestorOrigins(origins);
  return allowed.length > 0 ? allowed.join(" ") : "'none'";
}

/**
 * Headers of every issuer page and redirect: nothing inline runs without this response's nonce, the page can be
 * framed only where the shop lets its hosted page be framed (a shopper paying in a merchant's frame verifies in
 * that same frame), and neither it nor the redirect is cached or leaks its URL as a referrer. Forms may post to this
 * gateway only — and, because the browser applies `form-action` to the redirect that follows a post too, lead on to
 * the merchant's `return_url`.
 */
function pageHeaders(
  deps: GatewayDeps,
  nonce: string | null,
  returnUrl: string | null,
  frameAncestors: readonly string[] = [],
): Record<string, string> {
  const formTargets = ["'self'", originOf(returnUrl)].filter((target) => target !== null).join(" ");
  const policy = [
    "default-src 'none'",
    nonce ? `script-src 'nonce-${nonce}'` : null,
    nonce ? `style-src 'nonce-${nonce}'` : null,
    `form-action ${formTargets}`,
    `frame-ancestors ${frameAncestorsSource(frameAncestors)}`,
    "base-uri 'none'",
    "object-src 'none'",
  ].filter((directive) => directive !== null);
  const headers: Record<string, string> = {
    "Content-Security-Policy": policy.join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
  };
  // Older browsers ignore frame-ancestors; X-Frame-Options has no allow-list, so it is only sent for "none".
  if (frameAncestorsSource(frameAncestors) === "'none'") headers["X-Frame-Options"] = "DENY";
  if (deps.config.publicUrl.startsWith("https:")) {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}

/**
 * The sandbox issuer's pages (`redirect_url` of an `incomplete` transaction): no credentials, the transaction's
 * random uid is the shopper's capability. Each handler calls one domain function and renders what it answers.
 */
export function processRoutes(deps: GatewayDeps, basePath: string) {
  // The issuer's flow ends each verification with the finisher of the operation waiting behind it.
  const issuerDeps = { ...deps, verificationFinishers: VERIFICATION_FINISHERS };
  const routes = new Hono();
  const pathsFor = (uid: string): PagePaths => ({
    challenge: `${basePath}/process/${uid}`,
    method: `${basePath}/process/${uid}/method`,
  });

  const respond = (c: Context, uid: string, action: IssuerAction): Response => {
    if (action.kind === "finished" && action.transaction.return_url) {
      const location = returnUrlWithResult(action.transaction.return_url, action.transaction);
      return c.body(null, 303, { ...pageHeaders(deps, null, null), Location: location });
    }
    const { page } = action;
    const nonce = randomBytes(16).toString("base64");
    const rendered = renderIssuerPage(page, nonce, pathsFor(uid), c.req.header("accept-language"));
    const returnUrl = page.kind === "not_found" ? null : page.context.returnUrl;
    const frameAncestors = page.kind === "not_found" ? [] : page.context.frameAncestors;
    return c.html(rendered.html, rendered.status, pageHeaders(deps, nonce, returnUrl, frameAncestors));
  };

  const tooLarge = (c: Context): Response =>
    c.text("Request body too large", 413, pageHeaders(deps, null, null));

  // A visit never sends the shopper elsewhere: a verification that expired on this visit shows its result, with
  // the link back to the merchant.
  const open = async (c: Context) => {
    const uid = c.req.param("uid") ?? "";
    const action = await openIssuerPage(issuerDeps, uid);
    return respond(c, uid, { kind: "page", page: action.page });
  };
  routes.get("/process/:uid", open);
  routes.get("/process/:uid/method", open);

  routes.post("/process/:uid", async (c) => {
    const uid = c.req.param("uid");
    const fields = await readFormFields(c);
    if (!fields) return tooLarge(c);
    const answer = { cancel: fields.get("action") === "cancel", code: fields.get("code") ?? "" };
    return respond(c, uid, await answerChallenge(issuerDeps, uid, answer));
  });
  routes.post("/process/:uid/method", async (c) => {
    const uid = c.req.param("uid");
    const fields = await readFormFields(c);
    if (!fields) return tooLarge(c);
    const action = await submitDeviceData(issuerDeps, uid);
    // Post/redirect/get: the challenge is a page of its own, so reloading it does not post the device data again.
    if (action.kind === "page" && action.page.kind === "challenge") {
      return c.body(null, 303, { ...pageHeaders(deps, null, null), Location: pathsFor(uid).challenge });
    }
    return respond(c, uid, action);
  });

  return routes;
}
