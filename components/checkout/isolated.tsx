import type { ReactNode } from "react";
import { ltrRuns } from "@/lib/contracts/ltr-runs";

/**
 * A translated text with every left-to-right run isolated in `<bdi dir="ltr">` (lib/contracts/ltr-runs.ts), so that a
 * right-to-left page keeps its digits and parentheses in order ("3-D Secure", never "D-3"). Left-to-right pages get
 * the text unchanged. The merchant's strings in it (`merchant`) are isolated whole in `<bdi>`, never cut at their
 * punctuation.
 */
export function Isolated(props: {
  text: string;
  direction: "ltr" | "rtl";
  /** The merchant's strings filled into the text (shop name, plan): each one isolated whole, in its own direction. */
  merchant?: readonly (string | null | undefined)[];
}): ReactNode {
  if (props.direction !== "rtl") return props.text;
  let offset = 0;
  return (
    <>
      {ltrRuns(props.text, props.merchant).map((part) => {
        const key = offset;
        offset += part.text.length;
        if (part.whole) return <bdi key={key}>{part.text}</bdi>;
        return part.ltr ? (
          <bdi key={key} dir="ltr">
            {part.text}
          </bdi>
        ) : (
          part.text
        );
      })}
    </>
  );
}
