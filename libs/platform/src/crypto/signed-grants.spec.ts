import { SignedGrants } from './signed-grants.js';

describe('SignedGrants', () => {
  const now = new Date('2026-11-29T00:00:00Z');
  const later = new Date(now.getTime() + 60_000);
  const grants = new SignedGrants('secret-one', 'company-licence');

  it('reads back the claims of a grant it issued, until it expires', () => {
    const grant = grants.issue({ orderId: 'o-1', itemId: 7 }, later);
    expect(grants.read(grant, now)).toEqual({ orderId: 'o-1', itemId: 7 });
    expect(grants.read(grant, later)).toBeNull();
  });

  it('refuses a grant with changed claims, another purpose or another secret', () => {
    const grant = grants.issue({ orderId: 'o-1', itemId: 7 }, later);
    const [body, signature] = grant.split('.');
    const forged = Buffer.from(JSON.stringify({ orderId: 'o-2', itemId: 7, exp: later.getTime() })).toString('base64url');
    expect(grants.read(`${forged}.${signature}`, now)).toBeNull();
    expect(new SignedGrants('secret-one', 'board-pass').read(grant, now)).toBeNull();
    expect(new SignedGrants('secret-two', 'company-licence').read(grant, now)).toBeNull();
    expect(grants.read(`${body}.${signature}.x`, now)).toBeNull();
  });

  it('refuses malformed grants without throwing', () => {
    for (const junk of ['', '.', 'abc', 'a.b', '\u0000.\u0000', `${'x'.repeat(5000)}.y`]) expect(grants.read(junk, now)).toBeNull();
  });
});
