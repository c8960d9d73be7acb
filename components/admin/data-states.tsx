import type { ReactNode } from "react";

/** The three states every admin data view has besides its data. Announced politely to screen readers. */

export function LoadingState({ label }: { label: string }) {
  return (
    <p className="admin-state" role="status">
      Loading {label}…
    </p>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return (
    <div className="admin-alert admin-alert--error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="admin-button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="admin-state" role="status">
      {children}
    </div>
  );
}
