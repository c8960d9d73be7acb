import { addError, type ErrorTree, flattenErrorTree, renderErrorMessage } from "@/lib/contracts/errors";

/**
 * A gateway error tree (`{"ip": ["address is invalid"], "smart_routing": {"0": {"action": [...]}}}`) as form
 * errors: each message becomes a sentence naming its field, as the gateway's own `message` reads, at the dotted
 * path react-hook-form uses ("smart_routing.0.action"). `base` messages belong to the whole form, or to the
 * object they sit in.
 */
export interface FieldMessage {
  /** Dotted path; null for errors about the whole request. */
  path: string | null;
  message: string;
}

function sentence(path: string[], message: string): string {
  const tree: ErrorTree = {};
  addError(tree, path, message);
  return renderErrorMessage(tree);
}

export function fieldMessages(errors: ErrorTree): FieldMessage[] {
  return flattenErrorTree(errors).map(([path, message]) => {
    const fieldPath = path.at(-1) === "base" ? path.slice(0, -1) : path;
    return { path: fieldPath.length === 0 ? null : fieldPath.join("."), message: sentence(path, message) };
  });
}

/** A field's own error as a sentence: "can't be blank" on `email` reads "Email can't be blank". */
export function fieldSentence(field: string, message: string | undefined): string | undefined {
  return message ? sentence(field.split("."), message) : undefined;
}
