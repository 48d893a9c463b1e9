/*
 * What an API key may do. Each API operation needs one scope (lib/api/operations); a key holds a set
 * of them, all six unless its creator chose fewer. No imports: the schema and the panel's browser
 * code read this file too.
 */
export const API_SCOPES = ["catalog:read", "orders:read", "orders:write", "account:read", "payments:write", "webhooks:manage"] as const;

export type ApiScope = (typeof API_SCOPES)[number];

/** What each scope allows, in the words the panel's checkboxes and the API reference use. */
export const SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  "catalog:read": "Read the catalog, prices and skus, and check player ids and logins",
  "orders:read": "Read orders and claims, and their chat",
  "orders:write": "Place orders, open claims, and write in an order's or a claim's chat",
  "account:read": "Read the account, balance, transactions, payments, subscription, notifications and the audit log",
  "payments:write": "Create top-up invoices and pay for the subscription from the balance",
  "webhooks:manage": "Read and change the webhook, its secret and its deliveries",
};
