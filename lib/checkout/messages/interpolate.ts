/** Fills `{name}` placeholders; an unknown placeholder stays visible rather than disappearing silently. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * The text of a plural message for `count` in `language` ("1 attempt", "2 attempts"; Polish and Arabic have more
 * forms). A category the catalogue lacks falls back to `other`; the catalogue test checks none is missing.
 */
export function plural(
  language: string,
  message: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
  count: number,
): string {
  return message[new Intl.PluralRules(language).select(count)] ?? message.other;
}
