import { CopyButton } from "@/components/ui/copy-button";

export interface DeliveryItem {
  code: string | null;
  pin: string | null;
  serial: string | null;
  unreadable?: true;
}

function Secret({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <span className="w-14 shrink-0 text-xs font-medium text-slate-500">{label}</span>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <code
          data-testid={testId}
          className="min-w-0 flex-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-1.5 font-mono text-sm break-all text-slate-900 select-all"
        >
          {value}
        </code>
        <CopyButton text={value} label="Copy" />
      </div>
    </div>
  );
}

/**
 * Delivered codes (with PIN and serial where the card has them), each with a Copy button, and the delivery
 * note. An item the server cannot decrypt right now says so with `unreadableHint`, which differs for the
 * reseller (wait, we know) and the admin (how to recover it).
 */
export function DeliveryItems({ items, note, unreadableHint }: { items: DeliveryItem[]; note: string | null; unreadableHint: string }) {
  return (
    <div className="space-y-4">
      {note ? (
        <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="delivery-note">
          {note}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ol className="space-y-3">
          {items.map((item, index) => (
            <li key={index} className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="delivery-item">
              {items.length > 1 ? <p className="text-xs font-semibold text-slate-500">#{index + 1}</p> : null}
              {item.code ? <Secret label="Code" value={item.code} testId="delivery-code" /> : null}
              {item.pin ? <Secret label="PIN" value={item.pin} testId="delivery-pin" /> : null}
              {item.serial ? <Secret label="Serial" value={item.serial} testId="delivery-serial" /> : null}
              {item.unreadable ? (
                <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="delivery-unreadable">
                  {unreadableHint}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
