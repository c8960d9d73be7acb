"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/admin", label: "Dashboard" },
  { href: "/admin/transactions", label: "Transactions" },
  { href: "/admin/customers", label: "Customers" },
  { href: "/admin/checkouts", label: "Checkout sessions" },
  { href: "/admin/emails", label: "E-mails" },
  { href: "/admin/products", label: "Products" },
  { href: "/admin/plans", label: "Plans" },
  { href: "/admin/subscriptions", label: "Subscriptions" },
  { href: "/admin/disputes", label: "Disputes" },
  { href: "/admin/settings", label: "Settings" },
] as const;

function isCurrent(pathname: string, href: string): boolean {
  return href === "/admin" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

export function AdminNav() {
  const pathname = usePathname();
  return (
    <ul className="admin-nav__list">
      {LINKS.map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            className="admin-nav__link"
            aria-current={isCurrent(pathname, link.href) ? "page" : undefined}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
