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
      <header className="admin-header">
        <p className="admin-header__brand">
          Tessera admin <span className="admin-muted">· shop {session.shopId}</span>
        </p>
        <nav aria-label="Admin" className="admin-nav">
          <AdminNav />
          <form action={signOutAction} className="admin-nav__sign-out">
            <button type="submit" className="admin-nav__link admin-button--link">
              Sign out
            </button>
          </form>
        </nav>
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <QueryProvider>{children}</QueryProvider>
      </main>
    </>
  );
}
