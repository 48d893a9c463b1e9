import { CopyButton } from "@/components/ui/copy-button";

/** "3f9a1c…b27e04": enough to recognise a transaction; the whole hash is in the title and the copy. */
export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}

/** A TRON transaction id, shortened, with a button copying all of it. */
export function TxHash({ hash }: { hash: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <code className="font-mono text-xs whitespace-nowrap text-slate-700" title={hash} data-testid="tx-hash">
        {shortHash(hash)}
      </code>
      <CopyButton text={hash} label="Copy" />
    </span>
  );
}
