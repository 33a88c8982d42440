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
