import type { OpenApiDocument, OpenApiMethod, OpenApiOperation } from "@/lib/api/openapi/types";
import { refName, schemaSummary } from "./schema-format";

export interface OperationEntry {
  path: string;
  method: OpenApiMethod;
  operation: OpenApiOperation;
  /** The reseller-API twin, when there is one. */
  twin?: { path: string; operation: OpenApiOperation };
}

/**
 * What /docs shows of one operation, and no more: the section is a client component (its collapsed
 * blocks load in the browser), so this is what the page's hydration data carries for it.
 */
export interface OperationView {
  operationId: string;
  summary: string;
  description?: string;
  method: OpenApiMethod;
  path: string;
  twin?: { path: string; operationId: string };
  category: string;
  perMinute: number;
  /** The scope a key needs; none for an operation that takes no key (every one that takes a key names its scope). */
  scope?: string;
  parameters: Array<{ name: string; in: string; schema: string; description?: string; required: boolean }>;
  /** The request body's and each answer's schema: "request OrderRequest; 201 Order". */
  schemas?: string;
  /** The answers without a body, as "204 No content". */
  bare?: string[];
  /** The answer the example shows, as "201 Created". */
  answer?: string;
  /** "400 validation_error, invalid_json · 401 unauthenticated". */
  errors: string;
}

export function operationView(document: OpenApiDocument, { path, method, operation, twin }: OperationEntry): OperationView {
  const success = Object.entries(operation.responses).filter(([status]) => Number(status) < 400);
  const body = operation.requestBody?.content["application/json"].schema;
  const withBody = success.filter(([, response]) => response.content);
  const bare = success.filter(([, response]) => !response.content).map(([status, response]) => `${status} ${response.description}`);
  const shown = [...withBody].sort(([a], [b]) => Number(b) - Number(a))[0];
  const schemas = [
    ...(body ? [`request ${refName(body) ?? ""}`.trim()] : []),
    ...withBody.map(([status, response]) => `${status} ${refName(response.content!["application/json"].schema) ?? ""}`.trim()),
  ];
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    method,
    path,
    ...(twin ? { twin: { path: twin.path, operationId: twin.operation.operationId } } : {}),
    category: operation["x-rate-limit-category"],
    perMinute: operation["x-rate-limit-per-minute"],
    ...(operation["x-required-scope"] ? { scope: operation["x-required-scope"] } : {}),
    parameters: (operation.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      schema: schemaSummary(parameter.schema),
      ...(parameter.description ? { description: parameter.description } : {}),
      required: parameter.required,
    })),
    ...(schemas.length > 0 ? { schemas: schemas.join("; ") } : {}),
    ...(bare.length > 0 ? { bare } : {}),
    ...(shown ? { answer: `${shown[0]} ${shown[1].description}` } : {}),
    errors: Object.entries(operation.responses)
      .filter(([status]) => Number(status) >= 400)
      .map(([status, response]) => `${status} ${(response["x-error-codes"] ?? []).join(", ")}`)
      .join(" · "),
  };
}
