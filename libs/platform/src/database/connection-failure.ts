/**
 * Recognises "the database cannot be reached" among the errors pg, pg-pool and TypeORM raise, as
 * opposed to a query that is wrong. The one place that knows their shapes: the HTTP error filter,
 * the readiness checks and the background loops all ask here.
 */
export function isDatabaseConnectionFailure(error: unknown): boolean {
  return causesOf(error).some((cause) => hasConnectionCode(cause) || hasConnectionMessage(cause));
}

/** Socket-level failures: the server is down, restarting, or unreachable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** SQLSTATEs of a server shutting down or not yet accepting connections. */
const SHUTDOWN_STATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
]);

/** pg and pg-pool raise plain Errors without a code for a connection cut mid-query or a full pool. */
const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
];

function hasConnectionCode(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  // Class 08: connection exceptions (08000, 08003, 08006, 08001, 08004, …).
  return SOCKET_CODES.has(code) || SHUTDOWN_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

function hasConnectionMessage(error: object): boolean {
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * The error and what it wraps: TypeORM's QueryFailedError keeps pg's error in `driverError`,
 * Node reports a refused localhost connection as an AggregateError (IPv6 and IPv4), and callers
 * may chain a `cause`.
 */
function causesOf(error: unknown, depth = 0): object[] {
  if (typeof error !== 'object' || error === null || depth > 4) return [];
  const nested = [
    (error as { driverError?: unknown }).driverError,
    (error as { cause?: unknown }).cause,
    ...(error instanceof AggregateError ? error.errors : []),
  ];
  return [error, ...nested.flatMap((inner) => causesOf(inner, depth + 1))];
}
