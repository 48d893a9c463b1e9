import type { User } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";

export function toMeRecord(user: User) {
  return { id: user.id, email: user.email, name: user.name, tier: user.tier, created_at: user.createdAt.toISOString() };
}

export function toBalanceRecord(user: User) {
  return { balance: formatMoney(user.balance), currency: "USD" as const };
}
