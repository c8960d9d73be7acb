"use client";

import Link from "next/link";
import { useState } from "react";

/** The first characters of an id, enough to tell rows apart at a glance ("7d3c2a10…"). */
export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

/**
 * An id shown short, with a button that copies it whole: lists lead with what the merchant asks about (amount,
 * status, customer), and the id is there to paste into a support ticket or a search. The whole id is the link's
 * accessible name, so a screen reader hears what is copied.
 */
export function CopyId({ id, href, label }: { id: string; href?: string; label: string }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  const text = <span className="admin-mono">{shortId(id)}</span>;
  return (
    <span className="admin-copy-id">
      {href ? (
        <Link href={href} aria-label={id} title={id}>
          {text}
        </Link>
      ) : (
        <span title={id}>{text}</span>
      )}
      <button
        type="button"
        className="admin-copy-id__button"
        onClick={copy}
        aria-label={`Copy ${label} ${id}`}
      >
        Copy
      </button>
      <span role="status" className="admin-visually-hidden">
        {copied === "yes" ? "Copied." : copied === "no" ? "Copying is not allowed here." : ""}
      </span>
    </span>
  );
}
