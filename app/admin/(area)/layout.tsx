import type { ReactNode } from "react";
import { AdminNav } from "@/components/admin/admin-nav";
import { QueryProvider } from "@/components/admin/query-provider";
import { requireLiveAdminSession } from "@/lib/admin/session";
import { signOutAction } from "./actions";

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await requireLiveAdminSession();
  return (
    <>
      <a href="#admin-main" className="admin-skip-link">
        Skip to content
      </a>
      {/* On every page of a test shop: what is shown here is test money, and nothing of it moved. */}
      {session.test ? (
        <section className="admin-test-strip" aria-label="Test mode" data-mode="test">
          <p>
            <strong>Test mode</strong> · Payments in this shop are test transactions: no money moves.
          </p>
        </section>
      ) : null}
      <header className="admin-header">
        <p className="admin-header__brand">
          Tessera admin <span className="admin-muted">· shop {session.shopId}</span>
        </p>
        {/* A phone folds the navigation behind "Menu" (one row instead of five); from 40rem it is always open. */}
        <details className="admin-nav__menu">
          <summary className="admin-nav__toggle">Menu</summary>
          <nav aria-label="Admin" className="admin-nav">
            <AdminNav />
            <form action={signOutAction} className="admin-nav__sign-out">
              <button type="submit" className="admin-nav__link admin-button--link">
                Sign out
              </button>
            </form>
          </nav>
        </details>
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <QueryProvider>{children}</QueryProvider>
      </main>
    </>
  );
}
