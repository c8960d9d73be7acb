import type { ReactNode } from "react";

/** A run of Latin letters or digits, with what joins them inside one run (spaces, dots, dashes, slashes, bullets). */
const LTR_RUN = /[\p{Script=Latin}\p{Nd}](?:[\p{Script=Latin}\p{Nd} .,:/•+\-–]*[\p{Script=Latin}\p{Nd}])?/gu;

/**
 * A translated text with every left-to-right run (card numbers, "3-D Secure", amounts, codes, a shop's Latin name)
 * isolated in `<bdi dir="ltr">`, so that a right-to-left page keeps its digits and parentheses in order ("3-D
 * Secure", never "D-3"). Left-to-right pages get the text unchanged.
 */
export function Isolated(props: { text: string; direction: "ltr" | "rtl" }): ReactNode {
  if (props.direction !== "rtl") return props.text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of props.text.matchAll(LTR_RUN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(props.text.slice(last, start));
    parts.push(
      <bdi key={start} dir="ltr">
        {match[0]}
      </bdi>,
    );
    last = start + match[0].length;
  }
  if (last < props.text.length) parts.push(props.text.slice(last));
  return <>{parts}</>;
}
