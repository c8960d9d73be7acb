import Link from "next/link";

/**
 * A transaction's customer as the merchant knows them: their e-mail (and name, when the billing address has one),
 * linked to the customers with that address. Transactions carry no customer id, only what was sent with them.
 */
export function CustomerLink({ email, name }: { email: string | null | undefined; name?: string | null }) {
  if (!email) return name ? <span dir="auto">{name}</span> : <>—</>;
  const href = `/admin/customers?${new URLSearchParams({ email })}`;
  return (
    <Link href={href}>
      {name ? (
        <>
          <span dir="auto">{name}</span> <span className="admin-muted">({email})</span>
        </>
      ) : (
        email
      )}
    </Link>
  );
}
