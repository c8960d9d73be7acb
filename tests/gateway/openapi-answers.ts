import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { JsonBody } from "./harness";

/**
 * Every JSON answer a gateway test reads through `callJson` is checked against the schema the gateway's own OpenAPI
 * document gives for that operation and status — the contract a merchant's generated client is built from. An
 * answer the document does not describe, or describes otherwise, fails the test that read it. Not checked: 405 (a
 * method the path does not have: no operation) and 5xx (the tests that provoke a server error on purpose).
 */
interface DocumentChecks {
  document: JsonBody;
  ajv: Ajv2020;
  /** Each documented path as a pattern, the fixed ones before those with parameters. */
  routes: { pattern: RegExp; route: string }[];
  validators: Map<string, ValidateFunction | null>;
}

const checksByDocument = new Map<string, Promise<DocumentChecks>>();

async function checksFor(documentUrl: string): Promise<DocumentChecks> {
  let checks = checksByDocument.get(documentUrl);
  if (!checks) {
    checks = fetch(documentUrl)
      .then((response) => response.json())
      .then((document: JsonBody) => {
        const ajv = new Ajv2020({ strict: false });
        addFormats(ajv);
        ajv.addSchema(document, "openapi");
        const routes = Object.keys(document.paths)
          .map((route) => ({
            route,
            pattern: new RegExp(`^${route.replace(/\{[^}]+\}/g, "[^/]+")}$`),
          }))
          .sort((a, b) => Number(a.route.includes("{")) - Number(b.route.includes("{")));
        return { document, ajv, routes, validators: new Map() };
      });
    checksByDocument.set(documentUrl, checks);
  }
  return checks;
}

/** JSON Pointer of a path's parts (RFC 6901). */
function pointer(parts: string[]): string {
  return parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
}

/** Throws when a JSON answer is not what the document says; `path` is relative to the gateway's base URL. */
export async function expectDocumentedAnswer(
  gatewayUrl: string,
  method: string,
  path: string,
  status: number,
  answer: string,
): Promise<void> {
  if (status === 405 || status >= 500) return;
  const checks = await checksFor(`${gatewayUrl}/openapi.json`);
  const bare = path.split("?")[0];
  const route = checks.routes.find(({ pattern }) => pattern.test(bare))?.route;
  if (!route) return;
  const verb = method.toLowerCase();
  const key = `${verb} ${route} ${status}`;
  if (!checks.validators.has(key)) {
    const documented =
      checks.document.paths[route]?.[verb]?.responses?.[String(status)]?.content?.["application/json"];
    const at = pointer([
      "paths",
      route,
      verb,
      "responses",
      String(status),
      "content",
      "application/json",
      "schema",
    ]);
    checks.validators.set(key, documented?.schema ? checks.ajv.compile({ $ref: `openapi#/${at}` }) : null);
  }
  const validate = checks.validators.get(key);
  if (!validate) {
    throw new Error(`${method} ${route} answered ${status} with JSON the OpenAPI document does not describe`);
  }
  if (!validate(JSON.parse(answer))) {
    const why = checks.ajv.errorsText(validate.errors?.slice(0, 3));
    throw new Error(`${method} ${route} answered ${status} otherwise than the OpenAPI document says: ${why}`);
  }
}
