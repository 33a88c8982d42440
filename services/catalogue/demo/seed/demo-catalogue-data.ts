import type { DemoMediaSpec } from '../media/index.js';
import type { MaterialFilters } from '@mkt/contracts';

/** The demo catalogue's curated parts: bilingual categories, hot words, topics and subjects. */

export const DEMO_VIDEO_CATEGORIES = [
  ['城市风光', 'Cityscapes'],
  ['自然风景', 'Nature & Landscapes'],
  ['航拍', 'Aerial'],
  ['星空夜景', 'Night Sky'],
  ['动态背景', 'Motion Backgrounds'],
] as const;

export const DEMO_PHOTO_CATEGORIES = [
  ['城市建筑', 'City & Architecture'],
  ['风景', 'Landscapes'],
  ['星空', 'Night Sky'],
  ['背景纹理', 'Backgrounds & Textures'],
] as const;

/** Words the demo can answer: each finds demo materials in both languages. */
export const DEMO_HOT_WORDS = [
  ['日落', 'sunset'],
  ['航拍', 'aerial'],
  ['星空', 'starry sky'],
  ['大海', 'sea'],
  ['雪山', 'snow mountains'],
  ['沙漠', 'desert'],
  ['森林', 'forest'],
  ['城市天际线', 'city skyline'],
  ['云海', 'sea of clouds'],
  ['晨雾', 'morning mist'],
  ['月亮', 'moon'],
  ['黄昏', 'dusk'],
  ['沙丘', 'sand dunes'],
  ['山峦', 'mountains'],
  ['海平面', 'horizon'],
  ['摄影棚', 'studio'],
] as const;

/**
 * One kind of picture the renderer can draw (a palette's scene) with words that describe exactly
 * that picture: the sun or moon over ridges, the sea, a pine forest, a skyline, snow peaks, dunes
 * or a studio set. Nothing here names what the picture does not show.
 */
export interface DemoSubject {
  kind: 'video' | 'photo';
  titleZh: string;
  titleEn: string;
  keywordsZh: string[];
  keywordsEn: string[];
  /** Index into the kind's category list. */
  category: number;
  palette: DemoMediaSpec['palette'];
  /** Aerial subjects name the camera's move as a flight (forward or rising back). */
  aerial?: boolean;
  filters: MaterialFilters;
}

const v = (titleZh: string, titleEn: string, keywordsZh: string[], keywordsEn: string[], category: number, palette: DemoMediaSpec['palette'], filters: MaterialFilters, aerial = false): DemoSubject => ({
  kind: 'video', titleZh, titleEn, keywordsZh, keywordsEn, category, palette, filters, aerial,
});
const p = (titleZh: string, titleEn: string, keywordsZh: string[], keywordsEn: string[], category: number, palette: DemoMediaSpec['palette'], filters: MaterialFilters): DemoSubject => ({
  kind: 'photo', titleZh, titleEn, keywordsZh, keywordsEn, category, palette, filters,
});

const landscape: MaterialFilters = { mediaType: ['live-action'], shootingType: ['dolly'], composition: ['wide'], people: ['none'] };
const fromAbove: MaterialFilters = { mediaType: ['aerial'], shootingType: ['drone'], composition: ['extreme-wide'], people: ['none'] };
const still = (composition: string): MaterialFilters => ({ composition: [composition], people: ['none'] });

/** Some titles are written in traditional Chinese on purpose: they are stored simplified. */
export const DEMO_SUBJECTS: DemoSubject[] = [
  v('群山日落', 'Sunset over mountain ridges', ['日落', '夕阳', '山峦', '黄昏', '晚霞'], ['sunset', 'mountains', 'ridges', 'dusk', 'afterglow'], 1, 'sunset', landscape),
  v('航拍黄昏山脊', 'Aerial over mountain ridges at dusk', ['航拍', '山峦', '日落', '黄昏'], ['aerial', 'mountains', 'sunset', 'dusk'], 2, 'sunset', fromAbove, true),
  v('阳光下的大海', 'Sun over the open sea', ['大海', '海面', '阳光', '海平面', '波浪'], ['sea', 'ocean', 'sun', 'horizon', 'waves'], 1, 'ocean', landscape),
  v('航拍海平面', 'Aerial over the sea horizon', ['航拍', '大海', '海平面', '阳光'], ['aerial', 'sea', 'horizon', 'sun'], 2, 'ocean', fromAbove, true),
  v('晨霧中的松林', 'Pine forest in morning mist', ['森林', '松林', '晨雾', '清晨', '阳光'], ['forest', 'pines', 'morning mist', 'morning', 'sun'], 1, 'forest', landscape),
  v('航拍雾中森林', 'Aerial over a misty pine forest', ['航拍', '森林', '晨雾', '松林'], ['aerial', 'forest', 'mist', 'pines'], 2, 'forest', fromAbove, true),
  v('黄昏城市天际线', 'City skyline at dusk', ['城市', '天际线', '黄昏', '高楼', '灯光'], ['city', 'skyline', 'dusk', 'buildings', 'lights'], 0, 'city', landscape),
  v('航拍黄昏城市', 'Aerial of a city skyline at dusk', ['航拍', '城市', '天际线', '黄昏'], ['aerial', 'city', 'skyline', 'dusk'], 2, 'city', fromAbove, true),
  v('星空下的月夜群山', 'Moonlit mountains under a starry sky', ['星空', '月亮', '夜晚', '群山', '月光'], ['starry sky', 'moon', 'night', 'mountains', 'moonlight'], 3, 'night', landscape),
  v('雲海之上的雪山', 'Snow peaks above a sea of clouds', ['雪山', '云海', '山峰', '雪'], ['snow mountains', 'sea of clouds', 'peaks', 'snow'], 1, 'snow', landscape),
  v('航拍雪山云海', 'Aerial over snow peaks and clouds', ['航拍', '雪山', '云海'], ['aerial', 'snow mountains', 'clouds'], 2, 'snow', fromAbove, true),
  v('沙漠沙丘', 'Desert dunes under a hazy sun', ['沙漠', '沙丘', '阳光', '金色'], ['desert', 'sand dunes', 'sun', 'golden'], 1, 'desert', landscape),
  v('摄影棚里的立方体与球体', 'Cube and sphere on a studio backdrop', ['摄影棚', '几何', '立方体', '球体', '背景'], ['studio', 'geometric', 'cube', 'sphere', 'backdrop'], 4, 'studio', { mediaType: ['animation'], shootingType: ['dolly'], composition: ['medium'], people: ['none'] }),
  p('日落时分的山峦', 'Mountain ridges at sunset', ['日落', '山峦', '黄昏', '晚霞'], ['sunset', 'mountains', 'dusk', 'afterglow'], 1, 'sunset', still('wide')),
  p('阳光照耀的海面', 'Sunlit sea to the horizon', ['大海', '海平面', '阳光', '波浪'], ['sea', 'horizon', 'sunlight', 'waves'], 1, 'ocean', still('wide')),
  p('晨雾松林剪影', 'Pine forest silhouette in morning mist', ['森林', '松林', '晨雾', '剪影'], ['forest', 'pines', 'morning mist', 'silhouette'], 1, 'forest', still('wide')),
  p('黄昏的城市天际线', 'City skyline with lit windows at dusk', ['城市', '天际线', '黄昏', '灯光', '高楼'], ['city', 'skyline', 'dusk', 'lit windows', 'buildings'], 0, 'city', still('wide')),
  p('月光下的群山与星空', 'Moon and stars over dark mountains', ['星空', '月亮', '群山', '夜晚'], ['starry sky', 'moon', 'mountains', 'night'], 2, 'night', still('extreme-wide')),
  p('云海之上的雪峰', 'Snow-capped peaks above the clouds', ['雪山', '云海', '山峰'], ['snow mountains', 'sea of clouds', 'peaks'], 1, 'snow', still('extreme-wide')),
  p('金色沙丘', 'Golden sand dunes', ['沙漠', '沙丘', '金色'], ['desert', 'sand dunes', 'golden'], 1, 'desert', still('wide')),
  p('灰色背景上的立方体与铜球', 'White cube and copper sphere on grey', ['摄影棚', '几何', '立方体', '球体', '背景'], ['studio', 'geometric', 'cube', 'sphere', 'background'], 3, 'studio', still('medium')),
];

export const DEMO_TOPICS = [
  { titleZh: '城市天际线', titleEn: 'City skylines', descriptionZh: '黄昏里亮起的窗', descriptionEn: 'Windows lighting up at dusk', match: ['城市'] },
  { titleZh: '航拍视角', titleEn: 'From above', descriptionZh: '无人机视角下的山海', descriptionEn: 'Mountains and seas seen by drone', match: ['航拍'] },
  { titleZh: '星空与月色', titleEn: 'Stars and moonlight', descriptionZh: '仰望星空', descriptionEn: 'Look up', match: ['星空'] },
  { titleZh: '海的颜色', titleEn: 'Colours of the sea', descriptionZh: '阳光、海面与地平线', descriptionEn: 'Sunlight, open water and the horizon', match: ['大海'] },
  { titleZh: '雪山之巅', titleEn: 'Above the snow line', descriptionZh: '雪峰与云海', descriptionEn: 'Snow peaks and seas of clouds', match: ['雪山'] },
  { titleZh: '落日时分', titleEn: 'Golden hour', descriptionZh: '日落与黄昏', descriptionEn: 'Sunsets and dusk', match: ['日落', '黄昏'] },
] as const;
