import type { EditorialKind } from '@mkt/contracts';

/**
 * The demo's editorial pages: original content and brand cases built from the demo pictures
 * (landscapes: ridges at sunset, the open sea, a misty pine forest, a city skyline at dusk,
 * moonlit mountains, snow peaks above clouds, desert dunes, a studio set). The brands are
 * fictional. Each entry takes demo materials whose Chinese keywords contain one of `match`: the
 * first video as its featured material (a photo when there is none), the next ones as related.
 */
export interface DemoEditorialEntry {
  kind: EditorialKind;
  titleZh: string;
  titleEn: string;
  brandZh: string;
  brandEn: string;
  bodyZh: string;
  bodyEn: string;
  match: string[];
}

export const DEMO_EDITORIAL_RELATED_MIN = 3;
export const DEMO_EDITORIAL_RELATED_MAX = 8;

export const DEMO_EDITORIAL: DemoEditorialEntry[] = [
  {
    kind: 'original',
    titleZh: '山的光线：从日落到月夜',
    titleEn: 'Light on the mountains, from sunset to moonlight',
    brandZh: '',
    brandEn: '',
    bodyZh:
      '同一道山脊，在一天里会换好几种颜色。日落时，夕阳把层层山峦染成橙红，晚霞一直烧到天边。\n\n入夜以后，月亮升到群山之上，星空铺满天幕；到了更高处，雪峰浮在云海之上。\n\n这组素材按光线排列：暖色的黄昏、冷色的月夜和雪线以上的白，适合片头、转场和需要“时间流逝”的段落。',
    bodyEn:
      'The same ridge changes colour several times a day. At sunset the ridges turn orange and red and the afterglow reaches the edge of the sky.\n\nAfter dark the moon rises over the mountains under a starry sky; higher up, snow peaks float above a sea of clouds.\n\nThese clips are grouped by light: warm dusk, cool moonlight and the white above the snow line, for openings, transitions and passages that show time passing.',
    match: ['山峦', '群山', '雪山'],
  },
  {
    kind: 'original',
    titleZh: '海与地平线',
    titleEn: 'The sea and the horizon',
    brandZh: '',
    brandEn: '',
    bodyZh:
      '阳光落在开阔的海面上，波浪一直延伸到海平面。画面里没有岸，只有水、光和一条干净的地平线。\n\n从空中看，海面的纹理更加清楚；在山顶，云海也像另一片海。这些镜头留白多，方便叠加文字。',
    bodyEn:
      'Sunlight falls on the open sea and the waves run out to the horizon. There is no shore in the frame: only water, light and one clean horizon line.\n\nFrom the air the texture of the water shows more clearly; from a summit, a sea of clouds looks like another ocean. The shots leave plenty of room for text.',
    match: ['大海', '海平面', '云海'],
  },
  {
    kind: 'original',
    titleZh: '从空中看：无人机下的山、海与城市',
    titleEn: 'From above: mountains, sea and city by drone',
    brandZh: '',
    brandEn: '',
    bodyZh:
      '无人机向前飞过黄昏的山脊，掠过海平面，穿过雾中的松林，再抬升到城市天际线之上。\n\n航拍镜头适合做开场和章节之间的过渡：一个缓慢的推进，就能交代地点和时间。',
    bodyEn:
      'The drone flies forward over ridges at dusk, skims the sea horizon, crosses a misty pine forest and rises above a city skyline.\n\nAerial shots work well as openings and as bridges between chapters: one slow move tells where and when.',
    match: ['航拍'],
  },
  {
    kind: 'case',
    titleZh: '远山户外：秋季登山系列',
    titleEn: 'Far Hills Outdoor: the autumn climbing line',
    brandZh: '远山户外',
    brandEn: 'Far Hills Outdoor',
    bodyZh:
      '远山户外（虚构品牌）为秋季登山系列制作了一支 30 秒的短片。没有模特，只有山：云海之上的雪峰、日落时的山脊和月光下的群山。\n\n团队用雪山镜头开场，用黄昏山脊承接产品信息，最后停在月夜，落版文案是“走得更远一点”。\n\n所有镜头都来自素材库，从选片到成片用了三天。',
    bodyEn:
      'Far Hills Outdoor (a fictional brand) made a 30-second film for its autumn climbing line. No models, only mountains: snow peaks above a sea of clouds, ridges at sunset and mountains under the moon.\n\nThe team opened on the snow peaks, carried the product lines over the ridges at dusk and closed on the moonlit night with the line "Go a little further".\n\nEvery shot came from the library; from selection to final cut took three days.',
    match: ['雪山', '山峦', '群山'],
  },
  {
    kind: 'case',
    titleZh: '城光咖啡：城市夜归人',
    titleEn: 'City Light Coffee: coming home after dark',
    brandZh: '城光咖啡',
    brandEn: 'City Light Coffee',
    bodyZh:
      '城光咖啡（虚构品牌）的夜间门店上线时，需要一组“下班后的城市”画面。他们选了黄昏的城市天际线：高楼的窗一扇扇亮起来。\n\n航拍镜头交代城市的尺度，地面的天际线镜头留给门店信息。整支广告没有出现人物，只有灯光。',
    bodyEn:
      'When City Light Coffee (a fictional brand) opened its late-night stores it needed pictures of "the city after work". It chose the city skyline at dusk, its windows lighting up one by one.\n\nAerial shots give the scale of the city; the skyline shots from the ground carry the store information. The film shows no people, only lights.',
    match: ['城市', '天际线'],
  },
  {
    kind: 'case',
    titleZh: '青松家居：森林与摄影棚',
    titleEn: 'Green Pine Home: forest and studio',
    brandZh: '青松家居',
    brandEn: 'Green Pine Home',
    bodyZh:
      '青松家居（虚构品牌）的新品目录想把“自然”和“简洁”放在一起：一边是晨雾中的松林，一边是摄影棚里的立方体与球体。\n\n松林镜头用在章节页，摄影棚的几何背景用来衬托产品照片，沙丘的暖色则留给促销页。',
    bodyEn:
      'The new catalogue of Green Pine Home (a fictional brand) set "nature" beside "simplicity": a pine forest in morning mist on one side, a cube and a sphere on a studio set on the other.\n\nThe forest shots open the chapters, the geometric studio backdrop sets off the product photos, and the warm desert dunes are kept for the sale pages.',
    match: ['森林', '摄影棚', '沙漠'],
  },
];
