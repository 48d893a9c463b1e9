/** What the set-up made and the suite drives: shared by the set-up script and the suite. */
export const FAULT_SKUS = { stock: "faults-giftcard", supplier: "faults-topup" } as const;

export interface PreparedReseller {
  name: string;
  id: string;
  email: string;
  password: string;
  apiKey: string;
  /** The webhook's signing secret, as the reseller was shown it once. */
  secret: string;
  webhookUrl: string;
}

export interface PreparedShape {
  /** The resellers of the load, whose webhooks point at the receiver's answering path. */
  resellers: PreparedReseller[];
  /** Resellers whose webhooks point at a path that always fails. */
  failing: PreparedReseller[];
}
