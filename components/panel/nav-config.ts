import type { IconName } from "./icons";

export interface NavItem {
  href: string;
  label: string;
  icon: IconName;
}

export interface NavSection {
  title?: string;
  items: NavItem[];
}

const resellerNav: NavSection[] = [
  {
    items: [
      { href: "/dashboard", label: "Dashboard", icon: "dashboard" },
      { href: "/catalog", label: "Catalog", icon: "catalog" },
      { href: "/orders", label: "Orders", icon: "orders" },
      { href: "/balance", label: "Balance & transactions", icon: "balance" },
      { href: "/topup", label: "Top up", icon: "topup" },
      { href: "/subscription", label: "Subscription", icon: "subscription" },
    ],
  },
  {
    title: "Integration",
    items: [
      { href: "/webhooks", label: "Webhooks", icon: "webhooks" },
      { href: "/api-keys", label: "API keys", icon: "keys" },
      { href: "/docs", label: "API reference", icon: "docs" },
    ],
  },
  {
    title: "Account",
    items: [
      { href: "/notifications", label: "Notifications", icon: "bell" },
      { href: "/audit-log", label: "Audit log", icon: "audit" },
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

export function navFor(role: "admin" | "reseller"): NavSection[] {
  return role === "admin" ? adminNav : resellerNav;
}
