"use client";

import { useEffect, useState } from "react";
import { interpolate, plural } from "@/lib/checkout/messages/interpolate";
import type { PluralMessage } from "@/lib/checkout/messages/types";
import { Isolated } from "./isolated";

/**
 * Counts down `seconds`, then sends the shopper to the merchant. The shopper can stop it (WCAG 2.2.1: a time
 * limit must be adjustable), and the link stays for going back by hand.
 */
export function AutoReturn(props: {
  url: string;
  seconds: number;
  shop: string;
  /** The page's language, for the countdown's plural form. */
  language: string;
  direction: "ltr" | "rtl";
  texts: { countdown: PluralMessage; stayHere: string; stopped: string };
}) {
  const [remaining, setRemaining] = useState(props.seconds);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (stopped) return;
    if (remaining <= 0) {
      window.location.assign(props.url);
      return;
    }
    const timer = window.setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining, stopped, props.url]);

  if (stopped) {
    return (
      <p className="auto-return" role="status">
        <Isolated text={props.texts.stopped} direction={props.direction} />
      </p>
    );
  }
  return (
    <div className="auto-return">
      {/* role=timer: read when visited, not announced on every tick. */}
      <p role="timer" aria-live="off">
        <Isolated
          text={interpolate(plural(props.language, props.texts.countdown, Math.max(remaining, 0)), {
            shop: props.shop,
            seconds: Math.max(remaining, 0),
          })}
          direction={props.direction}
          merchant={[props.shop]}
        />
      </p>
      <button type="button" className="button button--link" onClick={() => setStopped(true)}>
        {props.texts.stayHere}
      </button>
    </div>
  );
}
