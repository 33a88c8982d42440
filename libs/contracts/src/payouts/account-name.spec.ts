import { accountNameMatches } from './account-name.js';

describe('account name against the contract', () => {
  it('matches the same name typed with full-width brackets, extra spaces or another case', () => {
    expect(accountNameMatches('北京光影文化传媒有限公司（上海分公司）', '北京光影文化传媒有限公司(上海分公司)')).toBe(true);
    expect(accountNameMatches('  Li  Wei ', 'li wei')).toBe(true);
  });

  it('refuses another name', () => {
    expect(accountNameMatches('王小明', '王晓明')).toBe(false);
    expect(accountNameMatches('北京光影文化', '北京光影文化传媒有限公司')).toBe(false);
  });
});
