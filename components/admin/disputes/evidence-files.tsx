"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { removeEvidenceFileAction } from "@/components/admin/disputes/actions";
import {
  type DisputeFile,
  MAX_EVIDENCE_FILE_BYTES,
  MAX_EVIDENCE_FILES,
  MAX_EVIDENCE_FILES_BYTES,
} from "@/lib/contracts/dispute";

const MB = 1024 * 1024;

function sizeOf(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The dispute's evidence files: each downloadable (through the admin, with the session's credentials), removable
 * while the evidence is not submitted; and an upload, which the gateway checks by content and size.
 */
export function EvidenceFiles({
  id,
  files,
  editable,
}: {
  id: string;
  files: DisputeFile[];
  editable: boolean;
}) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState("");
  const [message, setMessage] = useState("");

  const upload = (form: HTMLFormElement) => {
    const chosen = input.current?.files?.[0];
    if (!chosen) {
      setError("Choose a file first.");
      return;
    }
    setError("");
    setMessage("");
    startTransition(async () => {
      const body = new FormData();
      body.set("file", chosen, chosen.name);
      let answer: { message?: string; filename?: string } = {};
      let ok = false;
      try {
        const response = await fetch(`/admin/api/disputes/${id}/files`, { method: "POST", body });
        ok = response.ok;
        answer = await response.json().catch(() => ({}));
        if (response.status === 401) {
          window.location.assign("/admin/sign-in?reason=signed_out");
          return;
        }
      } catch {
        answer = { message: "The upload did not reach the server. Try again." };
      }
      if (ok) {
        setMessage(`Added ${answer.filename ?? chosen.name}.`);
        form.reset();
        router.refresh();
      } else {
        setError(answer.message ?? "The file was refused.");
      }
    });
  };

  const remove = (file: DisputeFile) => {
    setError("");
    setMessage("");
    startTransition(async () => {
      const result = await removeEvidenceFileAction(id, file.id);
      if (result.status === "ok") {
        setMessage(`Removed ${file.filename}.`);
        router.refresh();
      } else setError(result.message);
    });
  };

  return (
    <div>
      {files.length === 0 ? (
        <p className="admin-muted">No files.</p>
      ) : (
        <ul id="evidence-files">
          {files.map((file) => (
            <li key={file.id}>
              <a href={`/admin/api/disputes/${id}/files/${file.id}`} download={file.filename}>
                {file.filename}
              </a>{" "}
              <span className="admin-muted">({sizeOf(file.size)})</span>{" "}
              {editable ? (
                <button
                  type="button"
                  className="admin-button admin-button--link"
                  onClick={() => remove(file)}
                  disabled={pending}
                  aria-label={`Remove ${file.filename}`}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <form
          className="admin-form"
          onSubmit={(event) => {
            event.preventDefault();
            upload(event.currentTarget);
          }}
        >
          <div className="admin-field">
            <label htmlFor="evidence-file">Add a file</label>
            <input
              ref={input}
              id="evidence-file"
              name="file"
              type="file"
              accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
              aria-describedby="evidence-file-hint"
              disabled={pending}
            />
            <p id="evidence-file-hint" className="admin-field__hint">
              PDF, PNG or JPEG, at most {MAX_EVIDENCE_FILE_BYTES / MB} MB each; {MAX_EVIDENCE_FILES} files and{" "}
              {MAX_EVIDENCE_FILES_BYTES / MB} MB in all. Sent with the evidence when you submit it.
            </p>
          </div>
          <button type="submit" className="admin-button" disabled={pending}>
            Upload
          </button>
        </form>
      ) : null}
      {error ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="admin-muted">
        {message}
      </p>
    </div>
  );
}
