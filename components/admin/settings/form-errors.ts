import type { FieldError, FieldErrors } from "react-hook-form";
import { fieldSentence } from "@/lib/admin/form-errors";

type ErrorNode = FieldErrors | FieldError | FieldErrors[] | undefined;

function nodeAt(errors: FieldErrors, path: string): ErrorNode {
  let node: unknown = errors;
  for (const key of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node as ErrorNode;
}

function ownMessage(node: ErrorNode): { message: string; type: string } | undefined {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
  const { message, type } = node as { message?: unknown; type?: unknown };
  return typeof message === "string" && message !== "" ? { message, type: String(type ?? "") } : undefined;
}

/**
 * The error of one field as a sentence. Server errors arrive as sentences already; the schema's own are bare
 * ("is invalid") and get the field's name in front. An error on an object (react-hook-form's `root`) counts too.
 */
export function errorText(errors: FieldErrors, path: string): string | undefined {
  const node = nodeAt(errors, path);
  const own = ownMessage(node) ?? ownMessage((node as Record<string, ErrorNode> | undefined)?.root);
  if (!own) return undefined;
  return own.type === "server" ? own.message : fieldSentence(path, own.message);
}

/** Errors of a list's items (e.g. one per line of a textarea), as "Line 2 is invalid". */
export function lineErrors(errors: FieldErrors, path: string): string | undefined {
  const node = nodeAt(errors, path);
  const whole = ownMessage(node);
  if (whole) return whole.type === "server" ? whole.message : fieldSentence(path, whole.message);
  if (typeof node !== "object" || node === null) return undefined;
  const lines = Object.entries(node as Record<string, ErrorNode>)
    .filter(([key]) => /^\d+$/.test(key))
    .map(([key, item]) => {
      const error = ownMessage(item);
      return error ? `Line ${Number(key) + 1} ${error.message.replace(/^Frame ancestors /, "")}` : null;
    })
    .filter((line): line is string => line !== null);
  return lines.length > 0 ? lines.join(". ") : undefined;
}
