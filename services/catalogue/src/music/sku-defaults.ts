/**
 * The licence cascade shipped with the product (spec section 4 "Music licence buying", section 9
 * licence durations and regions). Staff edit names and leaf prices in the console afterwards.
 * Leaf price = scene/channel base x period factor x area factor, in integer fen.
 */
export interface DefaultSkuNode {
  id: string;
  parentId: string | null;
  level: 1 | 2 | 3 | 4;
  nameZh: string;
  nameEn: string;
  sort: number;
  priceFen: number | null;
}

const SCENES = [
  {
    key: 'online',
    zh: '网络视频',
    en: 'Online video',
    channels: [
      { key: 'social', zh: '社交媒体', en: 'Social media', baseFen: 30_000 },
      { key: 'web', zh: '企业官网', en: 'Company website', baseFen: 50_000 },
    ],
  },
  {
    key: 'ads',
    zh: '商业广告',
    en: 'Advertising',
    channels: [
      { key: 'internet', zh: '互联网广告', en: 'Internet ads', baseFen: 120_000 },
      { key: 'tv', zh: '电视广告', en: 'TV ads', baseFen: 300_000 },
      { key: 'outdoor', zh: '户外与院线', en: 'Outdoor and cinema', baseFen: 250_000 },
    ],
  },
  {
    key: 'film',
    zh: '影视节目',
    en: 'Film and TV',
    channels: [
      { key: 'series', zh: '网络剧与综艺', en: 'Online series and shows', baseFen: 150_000 },
      { key: 'cinema', zh: '院线电影', en: 'Feature film', baseFen: 400_000 },
    ],
  },
  {
    key: 'event',
    zh: '活动与直播',
    en: 'Events and live',
    channels: [{ key: 'live', zh: '线下活动与直播', en: 'Live events and streams', baseFen: 80_000 }],
  },
] as const;

/** Spec section 9: 1 month, 1 year, 3 years, 5 years, permanent, exclusive buyout. */
const PERIODS = [
  { key: '1m', zh: '1个月', en: '1 month', factor: 0.5 },
  { key: '1y', zh: '1年', en: '1 year', factor: 1 },
  { key: '3y', zh: '3年', en: '3 years', factor: 2 },
  { key: '5y', zh: '5年', en: '5 years', factor: 3 },
  { key: 'perm', zh: '永久', en: 'Permanent', factor: 4 },
  { key: 'buyout', zh: '独家买断', en: 'Exclusive buyout', factor: 20 },
] as const;

/** Spec section 9: mainland China, Greater China, global. */
const AREAS = [
  { key: 'cn', zh: '中国大陆', en: 'Mainland China', factor: 1 },
  { key: 'gc', zh: '大中华区', en: 'Greater China', factor: 1.5 },
  { key: 'global', zh: '全球', en: 'Global', factor: 3 },
] as const;

export function defaultSkuTree(): DefaultSkuNode[] {
  const nodes: DefaultSkuNode[] = [];
  SCENES.forEach((scene, s) => {
    const sceneId = scene.key;
    nodes.push({ id: sceneId, parentId: null, level: 1, nameZh: scene.zh, nameEn: scene.en, sort: s, priceFen: null });
    scene.channels.forEach((channel, c) => {
      const channelId = `${sceneId}.${channel.key}`;
      nodes.push({ id: channelId, parentId: sceneId, level: 2, nameZh: channel.zh, nameEn: channel.en, sort: c, priceFen: null });
      PERIODS.forEach((period, p) => {
        const periodId = `${channelId}.${period.key}`;
        nodes.push({ id: periodId, parentId: channelId, level: 3, nameZh: period.zh, nameEn: period.en, sort: p, priceFen: null });
        AREAS.forEach((area, a) => {
          // Whole yuan: round to 100 fen so prices read cleanly.
          const priceFen = Math.round((channel.baseFen * period.factor * area.factor) / 100) * 100;
          nodes.push({ id: `${periodId}.${area.key}`, parentId: periodId, level: 4, nameZh: area.zh, nameEn: area.en, sort: a, priceFen });
        });
      });
    });
  });
  return nodes;
}
