import type { ReactNode } from "react";

/** A page's one message when there is no form to show: finished, expired, not found, verifying. */
export function StatusPanel(props: {
  tone: "success" | "warning" | "neutral";
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={`status-panel status-panel--${props.tone}`} aria-labelledby="status-title">
      <h1 id="status-title" className="status-panel__title">
        {props.title}
      </h1>
      {props.children}
    </section>
  );
}
