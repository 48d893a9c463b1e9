// Every job handler module, imported for its side effect of registering: whatever starts a worker
// imports this file so that the worker knows every kind. A new domain with jobs adds its line here.
import "@/lib/orders/fulfil-job";
import "@/lib/fulfilment/reconcile-job";
import "@/lib/fulfilment/sync-job";
import "@/lib/claims/claim-jobs";
import "@/lib/orders/prune-idempotency-keys-job";
import "./prune-jobs";
import "@/lib/webhooks/deliver-job";
import "@/lib/webhooks/abandoned-deliveries";
import "@/lib/subscriptions/period-end-job";
import "@/lib/payments/watch-job";
import "@/lib/auth/prune-ended-sessions-job";
import "@/lib/mail/send-job";
import "@/lib/mail/prune-mail-job";
import "@/lib/notifications/email-digest-job";
