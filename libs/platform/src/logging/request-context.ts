import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line of one request carries, without passing a context object around. */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
