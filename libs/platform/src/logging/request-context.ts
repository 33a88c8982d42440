import { context, createContextKey, type Context } from '@opentelemetry/api';

/**
 * A request's id rides in the same async context as its trace (the one context manager the
 * process installs, see tracing/trace-setup.ts): one context to enter per request, not two.
 * Each async context kept by the process adds to the cost of every promise a request creates.
 */
const REQUEST_ID = createContextKey('mkt.request-id');

/** `parent` with the request's id added, for the request's work to run in. */
export function withRequestId(parent: Context, requestId: string): Context {
  return parent.setValue(REQUEST_ID, requestId);
}

/** The id of the request whose work is running now; undefined outside requests. */
export function currentRequestId(): string | undefined {
  const requestId = context.active().getValue(REQUEST_ID);
  return typeof requestId === 'string' ? requestId : undefined;
}
