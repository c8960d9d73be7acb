import type { ReactNode } from "react";
import { ltrRuns } from "@/lib/contracts/ltr-runs";

/**
 * A translated text with every left-to-right run isolated in `<bdi dir="ltr">` (lib/contracts/ltr-runs.ts), so that a
 * right-to-left page keeps its digits and parentheses in order ("3-D Secure", never "D-3"). Left-to-right pages get
 * the text unchanged.
 */
export function Isolated(props: { text: string; direction: "ltr" | "rtl" }): ReactNode {
  if (props.direction !== "rtl") return props.text;
  let offset = 0;
  return (
    <>
      {ltrRuns(props.text).map((part) => {
        const key = offset;
        offset += part.text.length;
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
