import type { MusicSkuNode } from '@mkt/contracts/web';
import {
  ORDER_FORM_STORAGE_KEY,
  choose,
  chosenLeaf,
  initialCascade,
  optionsAt,
  orderRequest,
  priceOf,
  recallForm,
  rememberForm,
  setAgreed,
  setField,
  validate,
  visibleTags,
  type CascadeState,
} from './licenceCascade';

const leaf = (id: string, priceFen: number): MusicSkuNode => ({ id, name: id, level: 4, priceFen, price: priceFen / 100 });
const tree: MusicSkuNode[] = [
  {
    id: 'ads', name: 'Advertising', level: 1,
    children: [
      { id: 'ads.tv', name: 'TV', level: 2, children: [{ id: 'ads.tv.1y', name: '1 year', level: 3, children: [leaf('ads.tv.1y.cn', 300000), leaf('ads.tv.1y.global', 900000)] }] },
      { id: 'ads.web', name: 'Web', level: 2, children: [{ id: 'ads.web.1m', name: '1 month', level: 3, children: [leaf('ads.web.1m.cn', 60000)] }] },
    ],
  },
  { id: 'film', name: 'Film', level: 1, children: [{ id: 'film.cinema', name: 'Cinema', level: 2, children: [{ id: 'film.cinema.perm', name: 'Permanent', level: 3, children: [leaf('film.cinema.perm.cn', 1600000)] }] }] },
];

const answered = (...ids: string[]) => ids.reduce<CascadeState>((s, id, level) => choose(s, level as 0 | 1 | 2 | 3, id), initialCascade());
const filled = (state: CascadeState) => setField(setField(setField(state, 'projectName', 'Spring ad'), 'brand', 'Acme'), 'companyName', 'Acme Ltd');

describe('licence cascade', () => {
  it('asks scene, then channel, then period, then area: each level opens once the previous is answered', () => {
    const empty = initialCascade();
    expect(optionsAt(tree, empty.answers, 0).map((n) => n.id)).toEqual(['ads', 'film']);
    expect(optionsAt(tree, empty.answers, 1)).toEqual([]);
    const s = answered('ads');
    expect(optionsAt(tree, s.answers, 1).map((n) => n.id)).toEqual(['ads.tv', 'ads.web']);
    expect(optionsAt(tree, answered('ads', 'ads.tv', 'ads.tv.1y').answers, 3).map((n) => n.id)).toEqual(['ads.tv.1y.cn', 'ads.tv.1y.global']);
  });

  it('clears every later answer when an answer changes', () => {
    const full = answered('ads', 'ads.tv', 'ads.tv.1y', 'ads.tv.1y.global');
    expect(choose(full, 1, 'ads.web').answers).toEqual(['ads', 'ads.web', null, null]);
    expect(choose(full, 0, 'film').answers).toEqual(['film', null, null, null]);
    expect(choose(full, 3, 'ads.tv.1y.cn').answers).toEqual(['ads', 'ads.tv', 'ads.tv.1y', 'ads.tv.1y.cn']);
  });

  it('shows the price only when all four are answered', () => {
    expect(priceOf(tree, answered('ads', 'ads.tv', 'ads.tv.1y').answers)).toBeNull();
    expect(priceOf(tree, answered('ads', 'ads.tv', 'ads.tv.1y', 'ads.tv.1y.global').answers)).toEqual({ price: 9000, priceFen: 900000 });
    // An answer that is not on the chosen path (stale state) shows no price.
    expect(chosenLeaf(tree, ['ads', 'ads.tv', 'ads.tv.1y', 'film.cinema.perm.cn'])).toBeNull();
  });

  it('validates the form with the spec messages, in order, then the questions and the agreement', () => {
    const full = answered('ads', 'ads.tv', 'ads.tv.1y', 'ads.tv.1y.cn');
    expect(validate(tree, full)).toBe('music.order.projectNameRequired');
    expect(validate(tree, setField(full, 'projectName', 'P'))).toBe('music.order.brandRequired');
    expect(validate(tree, setField(setField(full, 'projectName', 'P'), 'brand', 'B'))).toBe('music.order.licenseeRequired');
    expect(validate(tree, filled(answered('ads', 'ads.tv')))).toBe('music.order.answerAll');
    expect(validate(tree, filled(full))).toBe('music.order.agreementRequired');
    expect(validate(tree, setAgreed(filled(full), true))).toBeNull();
    expect(validate(tree, setAgreed(setField(filled(full), 'brand', '   '), true))).toBe('music.order.brandRequired');
  });

  it('builds the order call body with the shown price', () => {
    const state = setAgreed(filled(answered('ads', 'ads.web', 'ads.web.1m', 'ads.web.1m.cn')), true);
    expect(orderRequest(tree, state, 42)).toEqual({
      projectName: 'Spring ad', brand: 'Acme', companyName: 'Acme Ltd', musicId: 42,
      sceneId: 'ads', channelId: 'ads.web', periodId: 'ads.web.1m', authAreaId: 'ads.web.1m.cn', price: 600, purchasePrice: 600,
    });
    expect(() => orderRequest(tree, initialCascade(), 42)).toThrow();
  });

  it('remembers the last form values locally', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(recallForm(storage)).toEqual({ projectName: '', brand: '', companyName: '' });
    rememberForm(storage, { projectName: 'P', brand: 'B', companyName: 'C' });
    expect(JSON.parse(store.get(ORDER_FORM_STORAGE_KEY)!)).toEqual({ projectName: 'P', brand: 'B', companyName: 'C' });
    expect(recallForm(storage)).toEqual({ projectName: 'P', brand: 'B', companyName: 'C' });
    store.set(ORDER_FORM_STORAGE_KEY, '{bad');
    expect(recallForm(storage)).toEqual({ projectName: '', brand: '', companyName: '' });
  });

  it('shows the first 6 tags, then +N', () => {
    expect(visibleTags([1, 2, 3, 4, 5, 6, 7, 8])).toEqual({ tags: [1, 2, 3, 4, 5, 6], more: 2 });
    expect(visibleTags([1, 2])).toEqual({ tags: [1, 2], more: 0 });
  });
});

describe('music block waveform', () => {
  it('reduces the stored peaks to at most 120 bars, keeping each span\'s maximum', async () => {
    const { reducePeaks } = await import('./wavePeaks');
    expect(reducePeaks([0.1, 0.9, 0.2, 0.3], 2)).toEqual([0.9, 0.3]);
    expect(reducePeaks([0.5, 0.4], 120)).toEqual([0.5, 0.4]);
    expect(reducePeaks(Array.from({ length: 800 }, (_, i) => i / 800))).toHaveLength(120);
  });
});
