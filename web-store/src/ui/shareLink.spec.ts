import { type ShareEnvironment, shareOrCopy } from './shareLink';

const link = { title: 'City skyline', url: 'https://stock.example.com/Detail?id=7' };

function environment(overrides: Partial<ShareEnvironment>): ShareEnvironment & { shared: ShareData[]; copied: string[] } {
  const shared: ShareData[] = [];
  const copied: string[] = [];
  return {
    touch: true,
    share: async (data) => {
      shared.push(data);
    },
    copy: async (text) => {
      copied.push(text);
      return true;
    },
    ...overrides,
    shared,
    copied,
  };
}

describe('shareOrCopy', () => {
  it('opens the system share sheet on a touch device that has one', async () => {
    const env = environment({});
    expect(await shareOrCopy(link, env)).toBe('shared');
    expect(env.shared).toEqual([{ title: 'City skyline', url: link.url }]);
    expect(env.copied).toEqual([]);
  });

  it('copies on a desktop, without the API, or when the browser cannot share the link', async () => {
    for (const overrides of [{ touch: false }, { share: undefined }, { canShare: () => false }]) {
      const env = environment(overrides);
      expect(await shareOrCopy(link, env)).toBe('copied');
      expect(env.copied).toEqual([link.url]);
      expect(env.shared).toEqual([]);
    }
  });

  it('takes a closed sheet as the person’s choice, and copies when sharing is refused', async () => {
    const aborted = environment({ share: async () => Promise.reject(Object.assign(new Error('closed'), { name: 'AbortError' })) });
    expect(await shareOrCopy(link, aborted)).toBe('cancelled');
    expect(aborted.copied).toEqual([]);
    const refused = environment({ share: async () => Promise.reject(Object.assign(new Error('no gesture'), { name: 'NotAllowedError' })) });
    expect(await shareOrCopy(link, refused)).toBe('copied');
    expect(await shareOrCopy(link, environment({ touch: false, copy: async () => false }))).toBe('failed');
  });
});
