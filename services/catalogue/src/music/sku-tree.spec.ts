import { buildSkuTree, resolveCascade, type SkuRow } from './sku-tree.js';
import { defaultSkuTree } from './sku-defaults.js';

const rows: SkuRow[] = defaultSkuTree();

describe('music licence SKU tree', () => {
  it('builds scene -> channel -> period -> area with prices only on the leaves, in both languages', () => {
    const tree = buildSkuTree(rows, 'zh-CN');
    expect(tree.map((n) => n.name)).toEqual(['网络视频', '商业广告', '影视节目', '活动与直播']);
    const period = tree[0]!.children![0]!.children!;
    expect(period.map((p) => p.name)).toEqual(['1个月', '1年', '3年', '5年', '永久', '独家买断']);
    const areas = period[1]!.children!;
    expect(areas.map((a) => [a.name, a.level, a.priceFen, a.price])).toEqual([
      ['中国大陆', 4, 30000, 300],
      ['大中华区', 4, 45000, 450],
      ['全球', 4, 90000, 900],
    ]);
    expect(tree[0]!.price).toBeUndefined();
    expect(buildSkuTree(rows, 'en')[3]!.children![0]!.name).toBe('Live events and streams');
  });

  it('orders siblings by sort, whatever order the rows come in', () => {
    const reversed = [...rows].reverse();
    expect(buildSkuTree(reversed, 'en').map((n) => n.id)).toEqual(['online', 'ads', 'film', 'event']);
  });

  it('accepts one path of the tree and returns its leaf', () => {
    const result = resolveCascade(rows, { sceneId: 'ads', channelId: 'ads.tv', periodId: 'ads.tv.3y', authAreaId: 'ads.tv.3y.gc' });
    expect(result.ok && [result.leaf.id, result.leaf.priceFen, result.path.map((p) => p.level)]).toEqual(['ads.tv.3y.gc', 900000, [1, 2, 3, 4]]);
  });

  it('refuses missing answers as incomplete and answers from another branch as invalid', () => {
    expect(resolveCascade(rows, { sceneId: 'ads', channelId: 'ads.tv', periodId: 'ads.tv.3y', authAreaId: '' })).toEqual({ ok: false, reason: 'incomplete' });
    expect(resolveCascade(rows, { sceneId: 'online', channelId: 'ads.tv', periodId: 'ads.tv.3y', authAreaId: 'ads.tv.3y.gc' })).toEqual({ ok: false, reason: 'invalid' });
    expect(resolveCascade(rows, { sceneId: 'ads', channelId: 'ads.tv', periodId: 'ads.tv.3y', authAreaId: 'ads.tv.1y.gc' })).toEqual({ ok: false, reason: 'invalid' });
    expect(resolveCascade(rows, { sceneId: 'ads.tv', channelId: 'ads', periodId: 'ads.tv.3y', authAreaId: 'ads.tv.3y.gc' })).toEqual({ ok: false, reason: 'invalid' });
    expect(resolveCascade(rows, { sceneId: 'nope', channelId: 'x', periodId: 'y', authAreaId: 'z' })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('ships every spec duration and region, with integer fen prices', () => {
    const leaves = rows.filter((r) => r.level === 4);
    expect(new Set(leaves.map((l) => l.nameEn))).toEqual(new Set(['Mainland China', 'Greater China', 'Global']));
    expect(new Set(rows.filter((r) => r.level === 3).map((l) => l.nameEn))).toEqual(new Set(['1 month', '1 year', '3 years', '5 years', 'Permanent', 'Exclusive buyout']));
    expect(leaves.every((l) => Number.isInteger(l.priceFen) && l.priceFen! > 0)).toBe(true);
  });
});
