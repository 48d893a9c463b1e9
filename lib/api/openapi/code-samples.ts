import type { RequestExample } from "./examples";

/*
 * One call of an operation written in curl, the TypeScript SDK, PHP and Python, from the operation's
 * RequestExample (operationId, path, example body): generated, so a new operation gets its samples and a
 * changed schema changes them. Pure, with no server import: /docs writes them in the browser, from the
 * OpenAPI document, when a reader opens an operation's example; /docs/curl writes the curl ones as text.
 */

export type SampleLanguage = "curl" | "sdk" | "php" | "python";

export const SAMPLE_LANGUAGES: Array<{ id: SampleLanguage; label: string }> = [
  { id: "curl", label: "curl" },
  { id: "sdk", label: "TypeScript SDK" },
  { id: "php", label: "PHP" },
  { id: "python", label: "Python" },
];

export interface SampleInput {
  origin: string;
  operationId: string;
  request: RequestExample;
}

function url({ origin, request }: SampleInput): string {
  const query = new URLSearchParams(request.query).toString();
  return `${origin}${request.path}${query ? `?${query}` : ""}`;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function curl(input: SampleInput): string {
  const { request } = input;
  const lines = [`curl -X ${request.method.toUpperCase()} ${shellQuote(url(input))}`];
  if (request.authenticated) lines.push(`-H "X-API-Key: $RESELLER_API_KEY"`);
  if (request.idempotencyKey) lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  if (request.body !== undefined) lines.push(`-H "Content-Type: application/json"`, `-d ${shellQuote(JSON.stringify(request.body))}`);
  return lines.join(" \\\n  ");
}

function sdk({ origin, operationId, request }: SampleInput): string {
  const argument: Record<string, unknown> = {};
  if (Object.keys(request.pathValues).length > 0) argument.path = request.pathValues;
  if (Object.keys(request.query).length > 0) argument.query = request.query;
  if (request.body !== undefined) argument.body = request.body;
  const call = Object.keys(argument).length > 0 ? JSON.stringify(argument, null, 2).replace(/"([A-Za-z_$][\w$]*)":/g, "$1:") : "";
  return [
    `import { ResellerClient } from "@reseller-panel/sdk";`,
    ``,
    `const client = new ResellerClient({ baseUrl: ${JSON.stringify(origin)}, apiKey: process.env.RESELLER_API_KEY! });`,
    `const answer = await client.${operationId}(${call});`,
  ].join("\n");
}

function phpValue(value: unknown, indent: string): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length === 0 ? "[]" : `[\n${value.map((item) => inner + phpValue(item, inner)).join(",\n")},\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  // An empty PHP array encodes as [], and the API wants {} there.
  if (entries.length === 0) return "new stdClass()";
  return `[\n${entries.map(([key, item]) => `${inner}${phpValue(key, inner)} => ${phpValue(item, inner)}`).join(",\n")},\n${indent}]`;
}

function php(input: SampleInput): string {
  const { request } = input;
  const headers = [
    ...(request.authenticated ? [`'X-API-Key: ' . getenv('RESELLER_API_KEY')`] : []),
    ...(request.idempotencyKey ? [`'Idempotency-Key: ' . bin2hex(random_bytes(16))`] : []),
    ...(request.body !== undefined ? [`'Content-Type: application/json'`] : []),
  ];
  return [
    `<?php`,
    `$ch = curl_init(${phpValue(url(input), "")});`,
    `curl_setopt_array($ch, [`,
    `    CURLOPT_CUSTOMREQUEST => '${request.method.toUpperCase()}',`,
    headers.length > 0 ? `    CURLOPT_HTTPHEADER => [\n${headers.map((header) => `        ${header},`).join("\n")}\n    ],` : `    CURLOPT_HTTPHEADER => [],`,
    ...(request.body !== undefined ? [`    CURLOPT_POSTFIELDS => json_encode(${phpValue(request.body, "    ")}),`] : []),
    `    CURLOPT_RETURNTRANSFER => true,`,
    `]);`,
    `$answer = json_decode(curl_exec($ch), true);`,
    `$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);`,
  ].join("\n");
}

function pythonValue(value: unknown, indent: string): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string" || typeof value === "number") return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length === 0 ? "[]" : `[\n${value.map((item) => inner + pythonValue(item, inner)).join(",\n")},\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonValue(item, inner)}`).join(",\n")},\n${indent}}`;
}

function python(input: SampleInput): string {
  const { origin, request } = input;
  const headers = [
    ...(request.authenticated ? [`"X-API-Key": os.environ["RESELLER_API_KEY"]`] : []),
    ...(request.idempotencyKey ? [`"Idempotency-Key": str(uuid.uuid4())`] : []),
  ];
  const imports = ["os", ...(request.idempotencyKey ? ["uuid"] : [])];
  return [
    `import ${imports.join(", ")}`,
    `import requests`,
    ``,
    `answer = requests.${request.method}(`,
    `    ${JSON.stringify(origin + request.path)},`,
    ...(headers.length > 0 ? [`    headers={${headers.join(", ")}},`] : []),
    ...(Object.keys(request.query).length > 0 ? [`    params=${pythonValue(request.query, "    ")},`] : []),
    ...(request.body !== undefined ? [`    json=${pythonValue(request.body, "    ")},`] : []),
    `    timeout=30,`,
    `)`,
    `print(answer.status_code, answer.json())`,
  ].join("\n");
}

const WRITERS: Record<SampleLanguage, (input: SampleInput) => string> = { curl, sdk, php, python };

export function codeSample(language: SampleLanguage, input: SampleInput): string {
  return WRITERS[language](input);
}
