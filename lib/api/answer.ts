/**
 * An API answer before it becomes HTTP: what the wrapper decides (status, headers, the JSON body).
 * Next needs it as a web Response; the server's own dispatch writes it to the socket directly, since
 * building a Response and reading its body back cost a tenth of a catalog call's CPU.
 */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export function answerResponse(answer: ApiAnswer): Response {
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}
