import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from "node:http";

/** Whether a flat [name, value, name, value ...] header list names `name`, in any case. */
function listNames(headers: OutgoingHttpHeader[], name: string): boolean {
  for (let i = 0; i < headers.length; i += 2) if (String(headers[i]).toLowerCase() === name) return true;
  return false;
}

/**
 * The server's response: it sends the headers every answer echoes (X-Request-Id, traceparent) with the
 * answer's own, where the answer does not name them itself.
 *
 * Set with setHeader() before the answer, they made every API answer take Node's slow path: a
 * writeHead() with its headers after a setHeader() removes and appends each of them one by one, about
 * 3 microseconds of the API wrapper's cost on each call. Now a writeHead() given a header list
 * gets them appended to it; any other way of answering (Next's setHeader() calls, an implicit
 * writeHead at the first write) gets them by setHeader() just before the headers go out.
 */
export class EchoingResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** Lower-case name, value, ...: sent unless the answer names them. */
  private echoed: string[] | null = null;

  echo(headers: string[]): void {
    this.echoed = headers;
  }

  override writeHead(statusCode: number, statusMessage?: string, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
  override writeHead(statusCode: number, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const echoed = this.echoed;
    if (echoed !== null) {
      this.echoed = null;
      const headers = typeof reasonOrHeaders === "string" ? maybeHeaders : reasonOrHeaders;
      const list = Array.isArray(headers) && !this.headersSent && this.getHeaderNames().length === 0 ? headers : null;
      for (let i = 0; i < echoed.length; i += 2) {
        const name = echoed[i];
        if (list !== null) {
          if (!listNames(list, name)) list.push(name, echoed[i + 1]);
        } else if (!this.hasHeader(name) && !(headers && !Array.isArray(headers) && namesKey(headers, name))) {
          this.setHeader(name, echoed[i + 1]);
        }
      }
    }
    return typeof reasonOrHeaders === "string" ? super.writeHead(statusCode, reasonOrHeaders, maybeHeaders) : super.writeHead(statusCode, reasonOrHeaders);
  }
}

function namesKey(headers: OutgoingHttpHeaders, name: string): boolean {
  for (const key in headers) if (key.toLowerCase() === name) return true;
  return false;
}
