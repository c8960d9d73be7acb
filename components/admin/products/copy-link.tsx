"use client";

import { useState } from "react";

/** The payment link in a read-only field the merchant can select, and a button that copies it. */
export function CopyLink({ url, id }: { url: string; id: string }) {
  const [status, setStatus] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Link copied.");
    } catch {
      setStatus("Copying is not allowed here: select the link and copy it.");
    }
  };
  return (
    <div className="admin-field">
      <label htmlFor={id}>Payment link</label>
      <input
        id={id}
        type="text"
        readOnly
        value={url}
        className="admin-mono"
        onFocus={(e) => e.target.select()}
      />
      <div className="admin-actions-row">
        <button type="button" className="admin-button" onClick={copy}>
          Copy link
        </button>
        <a className="admin-button admin-button--quiet" href={url} target="_blank" rel="noreferrer">
          Open
        </a>
      </div>
      <p role="status" aria-live="polite" className="admin-field__hint">
        {status}
      </p>
    </div>
  );
}
