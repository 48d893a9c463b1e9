import type { MemberRole } from "@/lib/db/schema";
import { can, type Capability } from "@/lib/teams/permissions";
import type { IconName } from "./icons";

export interface NavItem {
  href: string;
  label: string;
  icon: IconName;
  /** What a member's role must be able to do to see the entry (lib/teams/permissions.ts). */
  capability?: Capability;
}

export interface NavSection {
  title?: string;
  items: NavItem[];
}

const resellerNav: NavSection[] = [
  {
    items: [
      { href: "/dashboard", label: "Dashboard", icon: "dashboard", capability: "dashboard" },
      { href: "/catalog", label: "Catalog", icon: "catalog", capability: "catalog" },
      { href: "/orders", label: "Orders", icon: "orders", capability: "orders_read" },
      { href: "/claims", label: "Claims", icon: "claim", capability: "claims" },
      { href: "/balance", label: "Balance & transactions", icon: "balance", capability: "balance_read" },
      { href: "/topup", label: "Top up", icon: "topup", capability: "topups" },
      { href: "/subscription", label: "Subscription", icon: "subscription", capability: "subscription" },
    ],
  },
  {
    title: "Integration",
    items: [
      { href: "/webhooks", label: "Webhooks", icon: "webhooks", capability: "webhooks" },
      { href: "/api-keys", label: "API keys", icon: "keys", capability: "api_keys" },
      { href: "/docs", label: "API reference", icon: "docs", capability: "api_reference" },
    ],
  },
  {
    title: "Account",
    items: [
      { href: "/members", label: "Members", icon: "users", capability: "members" },
      { href: "/notifications", label: "Notifications", icon: "bell" },
      { href: "/audit-log", label: "Audit log", icon: "audit", capability: "audit_log" },
      { href: "/profile", label: "Profile", icon: "profile" },
    ],
  },
];

const adminNav: NavSection[] = [
  {
    title: "Admin",
    items: [
      { href: "/admin", label: "Resellers", icon: "users" },
      { href: "/admin/products", label: "Products", icon: "products" },
      { href: "/admin/orders", label: "Orders", icon: "orders" },
      { href: "/admin/claims", label: "Claims", icon: "claim" },
      { href: "/admin/payments", label: "Payments", icon: "payments" },
      { href: "/admin/suppliers", label: "Suppliers", icon: "suppliers" },
      { href: "/admin/price-changes", label: "Price changes", icon: "trend" },
      { href: "/admin/reports/margin", label: "Margin report", icon: "balance" },
      { href: "/admin/tariffs", label: "Tariffs", icon: "subscription" },
      { href: "/admin/announcements", label: "Announcements", icon: "megaphone" },
      { href: "/admin/system", label: "System", icon: "system" },
      { href: "/admin/backups", label: "Backups", icon: "backup" },
      { href: "/admin/outbox", label: "Outbox", icon: "webhooks" },
    ],
  },
  {
    title: "Account",
    items: [
      { href: "/notifications", label: "Notifications", icon: "bell" },
      { href: "/profile", label: "Profile", icon: "profile" },
    ],
  },
];

/** A platform admin's menu, or a reseller member's: only the entries their role can open. */
export function navFor(memberRole: MemberRole | null): NavSection[] {
  if (!memberRole) return adminNav;
  return resellerNav
    .map((section) => ({ ...section, items: section.items.filter((item) => !item.capability || can(memberRole, item.capability)) }))
    .filter((section) => section.items.length > 0);
}

/** The first page of a menu: where the front door and the brand send the person. */
export function homeOf(sections: NavSection[]): string {
  return sections[0]?.items[0]?.href ?? "/profile";
}
