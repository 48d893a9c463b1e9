export { ResellerClient, type AnswerInfo, type ResellerClientOptions } from "./client.js";
export { ResellerApiError, ResellerNetworkError } from "./errors.js";
export { OPERATIONS } from "./generated/operations.js";
export type { components, operations, paths, webhooks } from "./generated/schema.js";
export type { RetryOptions } from "./retry.js";
export type {
  ErrorBody,
  ErrorCode,
  OperationArgs,
  OperationId,
  OperationInput,
  OperationResult,
  PageItem,
  PaginatedOperationId,
  Schemas,
  WebhookEvent,
} from "./types.js";
export { verifyWebhook, WebhookVerificationError, type VerifyWebhookOptions, type WebhookHeaders } from "./webhooks.js";
