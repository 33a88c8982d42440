import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_CONFIRM_VALID_HOURS } from '@mkt/contracts';

/** A new link token: 32 random bytes, 43 URL-safe characters. */
export function newConfirmationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of the token: a database leak reveals no working link. */
export function hashConfirmationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function confirmationExpiry(now: Date): Date {
  return new Date(now.getTime() + EMAIL_CONFIRM_VALID_HOURS * 3600_000);
}

export type ConfirmationState = 'usable' | 'used' | 'expired';

/** A link works once and until it expires; a used link says so even after it would have expired. */
export function confirmationState(link: { usedAt: Date | null; expiresAt: Date }, now: Date): ConfirmationState {
  if (link.usedAt) return 'used';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'usable';
}

/** The page a link leads to, below the store's public address. */
export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/mailconfirm?token=${encodeURIComponent(token)}`;
}
