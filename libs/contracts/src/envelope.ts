/**
 * The one response envelope of the store API (ARCHITECTURE section 4).
 * `code` is 0 on success; any other value is an {@link ErrorCode}.
 */
export interface ApiEnvelope<T = unknown> {
  code: number;
  success: boolean;
  message: string;
  data: T | null;
}

/** The envelope of a refusal or failure: `code` is the {@link ErrorCode}, `message` already in the caller's language. */
export function failureEnvelope<T = never>(code: number, message: string, data: T | null = null): ApiEnvelope<T> {
  return { code, success: false, message, data };
}
