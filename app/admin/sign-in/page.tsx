import type { Metadata } from "next";
import { SignInForm } from "@/components/admin/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

const NOTICES: Record<string, string> = {
  signed_out: "Sign in to continue.",
  expired: "Your session has ended. Sign in again.",
  goodbye: "You have signed out.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ reason?: string }> }) {
  const { reason } = await searchParams;
  return (
    <main className="admin-sign-in-page">
      <h1>Sign in to the admin area</h1>
      <p className="admin-muted">Use your shop id and secret key, the credentials of the gateway API.</p>
      <SignInForm notice={(reason && NOTICES[reason]) || null} />
    </main>
  );
}
