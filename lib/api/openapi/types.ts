import type { ErrorCode } from "@/lib/errors/app-error";
import type { RateCategory } from "@/lib/ratelimit/categories";
import type { ApiScope } from "@/lib/api-keys/scopes";

export type JsonSchema = { [key: string]: unknown };

export interface OpenApiReference {
  $ref: string;
}

export interface OpenApiHeader {
  description: string;
  /** Whether every answer that lists the header carries it. */
  required: boolean;
  schema: JsonSchema;
}

export interface OpenApiParameter {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiExample {
  summary?: string;
  value: unknown;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
  examples?: Record<string, OpenApiExample>;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiReference | OpenApiHeader>;
  content?: { "application/json": OpenApiMediaType };
  /** The error codes this response stands for (error responses only). */
  "x-error-codes"?: ErrorCode[];
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; content: { "application/json": OpenApiMediaType } };
  responses: Record<string, OpenApiResponse>;
  /** Empty on an operation that takes no key. */
  security: Array<Record<string, string[]>>;
  /** The scope a key needs for the operation. */
  "x-required-scope"?: ApiScope;
  "x-rate-limit-category": RateCategory;
  "x-rate-limit-per-minute": number;
  /** On a reseller-API operation: the operationId of its /api/v2 original. */
  "x-reseller-twin-of"?: string;
  /** On a /api/v2 operation that has one: the path of its reseller-API twin. */
  "x-reseller-path"?: string;
}

/** One event the app POSTs to the reseller's webhook URL. */
export interface OpenApiWebhookOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  /** Always empty: the app calls the reseller, and the signature headers authenticate it. */
  security: [];
  parameters: OpenApiParameter[];
  requestBody: { required: true; content: { "application/json": OpenApiMediaType } };
  responses: Record<string, { description: string }>;
}

export type OpenApiMethod = "get" | "post" | "put" | "delete";
export type OpenApiPathItem = Partial<Record<OpenApiMethod, OpenApiOperation>>;

export interface OpenApiSecurityScheme {
  type: "apiKey" | "http";
  description: string;
  in?: "header";
  name?: string;
  scheme?: "bearer";
  bearerFormat?: string;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, OpenApiPathItem>;
  /** Keyed by event name. */
  webhooks: Record<string, { post: OpenApiWebhookOperation }>;
  components: {
    schemas: Record<string, JsonSchema>;
    headers: Record<string, OpenApiHeader>;
    securitySchemes: Record<string, OpenApiSecurityScheme>;
  };
  "x-rate-limit-categories": Record<RateCategory, { limit_per_minute: number }>;
}

export interface BuildOpenApiOptions {
  /** The origin the paths hang off (they already carry their /api or /api/v2 prefix). */
  serverUrl?: string;
}
