/**
 * A request's path with every malformed percent-escape taken literally (its `%` written `%25`), so that
 * `/checkout/%E0%A4%A` names a checkout token that is the text "%E0%A4%A" — one that does not exist — rather than
 * an address Next.js cannot decode and answers with a bare 500. A `%` not followed by two hex digits, and a run of
 * escapes that is not UTF-8, are malformed; well-formed escapes and the query string are left exactly as sent, and
 * a path with nothing malformed is returned as it was (the same string).
 */
export function withMalformedEscapesLiteral(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  if (!path.includes("%") || decodes(path)) return url;
  // Runs of well-formed escapes are judged together (one character may take up to four); anything else with a `%`
  // is a lone sign.
  const repaired = path.replace(/(?:%[0-9A-Fa-f]{2})+|%/g, (run) =>
    decodes(run) ? run : run.replaceAll("%", "%25"),
  );
  return queryStart < 0 ? repaired : repaired + url.slice(queryStart);
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
