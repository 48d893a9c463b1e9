import type { Metadata } from "next";
import { AutoRenewForm } from "@/components/subscription/auto-renew-form";
import { ChangeForm } from "@/components/subscription/change-form";
import { TierCard } from "@/components/subscription/tier-card";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, Stat } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireCapability } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { TIERS, type Tier } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { formatDate } from "@/lib/panel/format";
import { TIER_RANK } from "@/lib/subscriptions/rules";
import { daysLeft, subscriptionPageData } from "@/lib/subscriptions/page-data";
import { autoRenewAction, changeSubscriptionAction } from "./actions";

export const metadata: Metadata = { title: "Subscription" };

export default async function SubscriptionPage() {
  const { account: user } = await requireCapability("subscription");
  const { record, quotes, now } = await subscriptionPageData(db(), user);
  const active = record.status === "active" && record.tier !== "Bronze";
  const left = daysLeft(record, now);
  const balance = formatMoney(user.balance);

  return (
    <>
      <PageHeader title="Subscription" description="Your tariff decides your discounts on every product. Renewals and upgrades are paid from your balance." />

      {record.status === "expired" ? (
        <Alert tone="warning" className="mb-4">
          Your {record.tier} subscription expired: prices follow Bronze until you renew or upgrade.
        </Alert>
      ) : null}

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Stat label="Current tier" hint={record.effective_tier !== record.tier ? `Prices follow ${record.effective_tier}` : undefined}>
          <span className="inline-flex items-center gap-2" data-testid="current-tier">
            {record.tier}
            <Badge tone={record.status === "active" ? "green" : "amber"}>{record.status === "active" ? "Active" : "Expired"}</Badge>
          </span>
        </Stat>
        <Stat
          label="Period"
          hint={
            record.pending_tier ? `${record.pending_tier} from ${formatDate(record.pending_from!)}` : record.next_period_paid ? "Next month paid" : undefined
          }
        >
          <span className="text-base sm:text-lg" data-testid="current-period">
            {record.current_period_start && record.current_period_end ? (
              <>
                {formatDate(record.current_period_start)} – {formatDate(record.current_period_end)}
                {left !== null ? <span className="block text-sm font-normal text-slate-500">{left === 1 ? "1 day left" : `${left} days left`}</span> : null}
              </>
            ) : (
              <>Free, never expires</>
            )}
          </span>
        </Stat>
        <Stat
          label="Balance"
          hint={
            <PendingLink href="/topup" className="text-brand-600 hover:text-brand-700">
              Top up →
            </PendingLink>
          }
        >
          <Money amount={balance} currency />
        </Stat>
      </div>

      <h2 className="mt-8 mb-3 text-base font-semibold text-slate-900">Tiers</h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {record.tiers.map((t) => {
          const tier = t.tier as Tier;
          const current = tier === record.tier && record.status === "active";
          const quote = quotes[tier];
          let control = null;
          if (TIER_RANK[tier] > TIER_RANK[record.effective_tier] && quote.upgrade) {
            control = (
              <ChangeForm
                action={changeSubscriptionAction}
                kind="upgrade"
                tier={tier}
                charge={quote.upgrade.charge}
                quotedAt={now.getTime()}
                label={`Upgrade to ${tier}`}
                note={active ? "(the difference for the rest of this period)" : "(one month)"}
                shortBy={quote.upgrade.shortBy ?? undefined}
              />
            );
          } else if (tier !== "Bronze" && quote.renew && (current || (active && TIER_RANK[tier] < TIER_RANK[record.tier]))) {
            control = record.next_period_paid ? (
              <p className="text-sm text-slate-500">The next month is paid.</p>
            ) : (
              <ChangeForm
                action={changeSubscriptionAction}
                kind="renew"
                tier={tier}
                charge={quote.renew.charge}
                quotedAt={now.getTime()}
                label={current ? "Renew for a month" : `Renew as ${tier}`}
                note={current ? "for one more month" : "for the month after this period"}
                shortBy={quote.renew.shortBy ?? undefined}
              />
            );
          } else if (tier === "Bronze" && active && !record.pending_tier) {
            control = (
              <ChangeForm
                action={changeSubscriptionAction}
                kind="renew"
                tier="Bronze"
                charge="0.00"
                quotedAt={now.getTime()}
                label="Move to Bronze at period end"
              />
            );
          } else if (tier === "Bronze" && record.tier === "Bronze") {
            control = <p className="text-sm text-slate-500">Free. Upgrade any time.</p>;
          }
          return (
            <TierCard key={tier} tier={tier} price={t.price} discounts={t.discounts} current={current}>
              {control}
            </TierCard>
          );
        })}
      </div>

      <Card className="mt-6">
        <CardHeader title="Auto-renew" />
        <CardBody>
          <AutoRenewForm action={autoRenewAction} enabled={record.auto_renew} />
        </CardBody>
      </Card>
      <p className="mt-4 text-xs text-slate-500">
        Periods are calendar months. An upgrade charges the price difference for the time left in the period, to the micro-dollar; {TIERS.join(", ")} are also
        available through the API (<code>/api/v2/subscription</code>).
      </p>
    </>
  );
}
