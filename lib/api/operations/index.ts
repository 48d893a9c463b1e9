import type { Operation } from "../operation";
import * as account from "./account";
import { auditLogOperations } from "./audit-log";
import { catalogOperations } from "./catalog";
import { claimOperations } from "./claims";
import { notificationOperations } from "./notifications";
import { orderOperations } from "./orders";
import { paymentOperations } from "./payments";
import * as subscription from "./subscription";
import { webhookOperations } from "./webhooks";

/** Every operation of the API, in the order the OpenAPI document lists them. */
export const operations: Operation[] = [
  account.getMeOp,
  account.getBalanceOp,
  account.listTransactionsOp,
  account.getTransactionOp,
  ...(auditLogOperations as Operation[]),
  ...(paymentOperations as Operation[]),
  subscription.getSubscriptionOp,
  subscription.renewSubscriptionOp,
  subscription.upgradeSubscriptionOp,
  subscription.setSubscriptionAutoRenewOp,
  ...(catalogOperations as Operation[]),
  ...(orderOperations as Operation[]),
  ...(claimOperations as Operation[]),
  ...(webhookOperations as Operation[]),
  ...(notificationOperations as Operation[]),
];
