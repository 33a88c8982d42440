import { ManualClock, SignedGrants, loadConfig } from '@mkt/platform';
import { SEARCH_DEMAND_PURPOSE, SearchDemandTokens } from './demand-tokens.js';

const SECRET = 'x'.repeat(40);
const config = loadConfig({ NODE_ENV: 'test', TOKEN_SECRET: SECRET, SIGNING_SECRET: 'y'.repeat(40), DATA_DIR: '/tmp/mkt-demand-token-spec' });
const key = { day: '2026-03-02', kind: 'photo' as const, categoryId: 7, query: '城市 夜景' };

describe('SearchDemandTokens', () => {
  it('gives back the key it signed, with a nonce of its own per search', () => {
    const tokens = new SearchDemandTokens(config, new ManualClock());
    const first = tokens.read(tokens.issue(key));
    const second = tokens.read(tokens.issue(key));
    expect(first?.key).toEqual(key);
    expect(first?.nonce).not.toEqual(second?.nonce);
  });

  it('refuses a token changed, expired, or signed for another purpose', () => {
    const clock = new ManualClock(new Date('2026-03-02T00:00:00Z'));
    const tokens = new SearchDemandTokens(config, clock);
    const token = tokens.issue(key);
    const [body, signature] = token.split('.') as [string, string];
    const forgedBody = Buffer.from(Buffer.from(body, 'base64url').toString().replace('城市', '山')).toString('base64url');
    expect(tokens.read(`${forgedBody}.${signature}`)).toBeNull();
    expect(tokens.read('not a token')).toBeNull();
    expect(tokens.read(new SignedGrants(SECRET, 'board-pass').issue({ d: key.day, k: 'photo', c: 7, q: 'x', n: 'n' }, new Date('2027-01-01')))).toBeNull();
    clock.advance(12 * 3600 + 1);
    expect(tokens.read(token)).toBeNull();
  });

  it('refuses a signed token whose claims are not a key', () => {
    const tokens = new SearchDemandTokens(config, new ManualClock());
    const grants = new SignedGrants(SECRET, SEARCH_DEMAND_PURPOSE);
    expect(tokens.read(grants.issue({ d: 'yesterday', k: 'photo', c: 0, q: 'x', n: 'n' }, new Date('2027-01-01')))).toBeNull();
    expect(tokens.read(grants.issue({ d: '2026-03-02', k: 'sfx', c: 0, q: 'x', n: 'n' }, new Date('2027-01-01')))).toBeNull();
  });
});
