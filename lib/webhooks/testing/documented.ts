import Ajv from "ajv";
import type { OpenApiDocument } from "@/lib/api/openapi/types";

/*
 * Checks a delivery against what the OpenAPI document says of its event, with a JSON Schema validator
 * rather than the zod schemas the document is generated from: what is checked is the document an
 * integrator reads. The document's schemas use only keywords that draft-07 validators know too.
 */

export interface DeliveredRequest {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const DOCUMENT = "openapi.json";

/** What in the request the document does not allow; empty when it matches. */
export function undocumentedInDelivery(document: OpenApiDocument, request: DeliveredRequest): string[] {
  const body = JSON.parse(request.body) as { event?: unknown };
  const webhook = typeof body.event === "string" ? document.webhooks[body.event]?.post : undefined;
  if (!webhook) return [`no webhook documented for event ${JSON.stringify(body.event)}`];

  const ajv = new Ajv({ allErrors: true, validateSchema: false });
  ajv.addSchema(document as object, DOCUMENT);
  const check = (pointer: string, value: unknown, what: string) => {
    const validate = ajv.compile({ $ref: `${DOCUMENT}#${pointer}` });
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${what}${error.dataPath} ${error.message}`);
  };

  const at = `/webhooks/${body.event as string}/post`;
  const problems = check(`${at}/requestBody/content/application~1json/schema`, body, "body");
  webhook.parameters.forEach((parameter, index) => {
    const value = request.headers[parameter.name.toLowerCase()];
    if (value === undefined) {
      if (parameter.required) problems.push(`header ${parameter.name} missing`);
    } else problems.push(...check(`${at}/parameters/${index}/schema`, value, `header ${parameter.name}`));
  });
  return problems;
}
