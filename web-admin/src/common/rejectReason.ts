/** The server's limit on a reason (one line, at most 200 characters after trimming). */
export const REJECT_REASON_MAX = 200;

/** The reason as it will be sent, or null while it cannot be: empty, too long or more than one line. */
export function rejectReason(text: string): string | null {
  const reason = text.trim();
  if (!reason || reason.length > REJECT_REASON_MAX || /[\r\n]/.test(reason)) return null;
  // eslint-disable-next-line no-control-regex -- the server refuses control characters too
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(reason)) return null;
  return reason;
}
