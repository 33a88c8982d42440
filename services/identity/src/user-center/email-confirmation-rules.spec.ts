import { confirmationExpiry, confirmationLink, confirmationState, hashConfirmationToken, newConfirmationToken } from './email-confirmation-rules.js';

describe('e-mail confirmation rules', () => {
  const now = new Date('2025-06-01T08:00:00Z');

  it('makes random 43-character URL-safe tokens and stores only their hash', () => {
    const a = newConfirmationToken();
    const b = newConfirmationToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(hashConfirmationToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashConfirmationToken(a)).not.toContain(a);
    expect(hashConfirmationToken(a)).toBe(hashConfirmationToken(a));
  });

  it('lets a link work for 24 hours, once', () => {
    const expiresAt = confirmationExpiry(now);
    expect(expiresAt.getTime() - now.getTime()).toBe(24 * 3600_000);
    expect(confirmationState({ usedAt: null, expiresAt }, now)).toBe('usable');
    expect(confirmationState({ usedAt: null, expiresAt }, new Date(expiresAt.getTime() - 1))).toBe('usable');
    expect(confirmationState({ usedAt: null, expiresAt }, expiresAt)).toBe('expired');
    expect(confirmationState({ usedAt: now, expiresAt }, now)).toBe('used');
    // A used link is reported as used even after it would have expired.
    expect(confirmationState({ usedAt: now, expiresAt }, new Date(expiresAt.getTime() + 1))).toBe('used');
  });

  it('links to the store page below the public address', () => {
    expect(confirmationLink('https://shop.example.com/', 'abc_-1')).toBe('https://shop.example.com/mailconfirm?token=abc_-1');
  });
});
