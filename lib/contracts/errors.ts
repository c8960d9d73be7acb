import type { z } from "zod";

/**
 * Validation errors nested like the request they describe, as the beGateway API answers them:
 * `{"credit_card":{"number":["is invalid"]},"amount":["must be greater than 0"]}`. Errors not tied to a field
 * live under `base`; array elements nest under their index as a string key.
 */
export type ErrorTree = { [field: string]: string[] | ErrorTree };

export interface ErrorBody {
  message: string;
  errors: ErrorTree;
}

export const BASE_KEY = "base";

const NUMERIC_KEY = /^\d+$/;

/**
 * Records `message` at `path`, creating the nesting on the way. An empty path means `base`. A message is kept
 * once per field: several checks may reach the same verdict and clients show each array entry to a person.
 */
export function addError(tree: ErrorTree, path: readonly (string | number)[], message: string): void {
  const keys = path.length === 0 ? [BASE_KEY] : path.map(String);
  let node = tree;
  for (const key of keys.slice(0, -1)) {
    const child = node[key];
    if (child === undefined) {
      const created: ErrorTree = {};
      node[key] = created;
      node = created;
    } else if (Array.isArray(child)) {
      // A field that already failed as a whole (say, "must be an object") and now gets a nested error too:
      // its own messages move under its `base` so neither is lost.
      const promoted: ErrorTree = { [BASE_KEY]: child };
      node[key] = promoted;
      node = promoted;
    } else {
      node = child;
    }
  }
  const leaf = keys[keys.length - 1];
  const existing = node[leaf];
  if (existing === undefined) {
    node[leaf] = [message];
  } else if (Array.isArray(existing)) {
    if (!existing.includes(message)) existing.push(message);
  } else {
    addError(existing, [], message);
  }
}

/** Deep merge, earlier trees first; the inputs are left untouched. */
export function mergeErrorTrees(...trees: ErrorTree[]): ErrorTree {
  const merged: ErrorTree = {};
  for (const tree of trees) {
    for (const [path, message] of flattenErrorTree(tree)) addError(merged, path, message);
  }
  return merged;
}

/** True when the tree holds no message (checked on every valid request, so without building the flat list). */
export function isEmptyErrorTree(tree: ErrorTree): boolean {
  for (const value of Object.values(tree)) {
    if (Array.isArray(value) ? value.length > 0 : !isEmptyErrorTree(value)) return false;
  }
  return true;
}

/** Every message with its path, depth first in insertion order. */
export function flattenErrorTree(tree: ErrorTree): [path: string[], message: string][] {
  const out: [string[], string][] = [];
  const walk = (node: ErrorTree, prefix: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      const path = [...prefix, key];
      if (Array.isArray(value)) {
        for (const message of value) out.push([path, message]);
      } else {
        walk(value, path);
      }
    }
  };
  walk(tree, []);
  return out;
}

/**
 * Issue paths become nested keys (an empty path goes to `base`). `within` names a wrapper the errors are
 * reported relative to: the tokenization body is `{"request": {...}}`, yet its errors read
 * `{"amount": [...]}` as in the beGateway API; an error on the wrapper itself keeps its key.
 */
export function errorTreeFromZod(error: z.ZodError, options: { within?: readonly string[] } = {}): ErrorTree {
  const within = options.within ?? [];
  const tree: ErrorTree = {};
  for (const issue of error.issues) {
    let path = issue.path.map((key) => (typeof key === "symbol" ? (key.description ?? "") : key));
    if (path.length > within.length && within.every((key, index) => path[index] === key)) {
      path = path.slice(within.length);
    }
    addError(tree, path, issue.message);
  }
  return tree;
}

/** Rails' `humanize`, minus its `_id` stripping: "Device id is too long" says more than "Device is too long". */
export function humanize(key: string): string {
  const words = key.replace(/_/g, " ").trim().toLowerCase();
  return capitalize(words);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sentence(path: string[], message: string): string {
  if (/^[A-Z]/.test(message)) return message;
  if (path.length === 1 && path[0] === BASE_KEY) return capitalize(message);
  // Array indices and nested `base` keys name no field; the closest real field name reads best.
  const field = [...path].reverse().find((key) => !NUMERIC_KEY.test(key) && key !== BASE_KEY);
  return field === undefined ? capitalize(message) : `${humanize(field)} ${message}`;
}

/**
 * One line for people: "Amount must be greater than 0. Number is invalid". No trailing period, so a message
 * that is already a full sentence (possibly ending in one) is never doubled up.
 */
export function renderErrorMessage(tree: ErrorTree): string {
  return flattenErrorTree(tree)
    .map(([path, message]) => sentence(path, message))
    .join(". ");
}

export function validationErrorBody(tree: ErrorTree): ErrorBody {
  const message = renderErrorMessage(tree);
  return { message: message === "" ? "Validation failed" : message, errors: tree };
}
