import type { DemoMediaSpec } from '../media/index.js';
import type { MaterialFilters } from '@mkt/contracts';

/** The demo catalogue's curated parts: bilingual categories, hot words, topics and subjects. */

export const DEMO_VIDEO_CATEGORIES = [
  ['城市风光', 'Cityscapes'],
  ['自然风景', 'Nature & Landscapes'],
  ['航拍', 'Aerial'],
  ['延时摄影', 'Timelapse'],
  ['人物生活', 'People & Lifestyle'],
  ['美食', 'Food & Drink'],
  ['交通运输', 'Transport'],
  ['动物', 'Animals'],
  ['科技商务', 'Technology & Business'],
  ['节日文化', 'Festivals & Culture'],
] as const;

export const DEMO_PHOTO_CATEGORIES = [
  ['建筑', 'Architecture'],
  ['风景', 'Landscapes'],
  ['人像', 'Portraits'],
  ['美食', 'Food'],
  ['动物', 'Wildlife'],
  ['商务办公', 'Business'],
  ['传统文化', 'Traditional Culture'],
  ['背景纹理', 'Backgrounds & Textures'],
] as const;

export const DEMO_HOT_WORDS = [
  ['城市夜景', 'city at night'],
  ['航拍', 'aerial'],
  ['星空', 'starry sky'],
  ['日出', 'sunrise'],
  ['海浪', 'ocean waves'],
  ['茶园', 'tea garden'],
  ['熊猫', 'panda'],
  ['高铁', 'high-speed rail'],
  ['上海外滩', 'the Bund'],
  ['延时摄影', 'timelapse'],
  ['雪山', 'snow mountains'],
  ['沙漠', 'desert'],
  ['森林', 'forest'],
  ['商务会议', 'business meeting'],
  ['春节', 'spring festival'],
  ['美食', 'food'],
  ['科技', 'technology'],
  ['日落', 'sunset'],
  ['绿幕', 'green screen'],
  ['慢动作', 'slow motion'],
] as const;

export interface DemoSubject {
  kind: 'video' | 'photo';
  titleZh: string;
  titleEn: string;
  keywordsZh: string[];
  keywordsEn: string[];
  /** Index into the kind's category list. */
  category: number;
  palette: DemoMediaSpec['palette'];
  filters: MaterialFilters;
}

const v = (titleZh: string, titleEn: string, keywordsZh: string[], keywordsEn: string[], category: number, palette: DemoMediaSpec['palette'], filters: MaterialFilters): DemoSubject => ({
  kind: 'video', titleZh, titleEn, keywordsZh, keywordsEn, category, palette, filters,
});
const p = (titleZh: string, titleEn: string, keywordsZh: string[], keywordsEn: string[], category: number, palette: DemoMediaSpec['palette'], filters: MaterialFilters): DemoSubject => ({
  kind: 'photo', titleZh, titleEn, keywordsZh, keywordsEn, category, palette, filters,
});

/** Some titles are written in traditional Chinese on purpose: they are stored simplified. */
export const DEMO_SUBJECTS: DemoSubject[] = [
  v('上海外滩夜景延时摄影', 'Shanghai Bund night timelapse', ['上海外滩夜景延时摄影', '城市夜景', '延时', '外滩'], ['Shanghai', 'Bund', 'night', 'timelapse', 'cityscape'], 3, 'city', { mediaType: ['timelapse'], shootingType: ['fixed'], composition: ['wide'], people: ['none'] }),
  v('城市夜景航拍', 'Aerial city lights at night', ['城市夜景', '航拍', '灯光'], ['aerial', 'city', 'night', 'lights'], 2, 'night', { mediaType: ['aerial'], shootingType: ['drone'], composition: ['extreme-wide'], people: ['none'] }),
  v('银河星空延時攝影', 'Milky Way starry sky timelapse', ['星空', '银河', '延时摄影'], ['stars', 'Milky Way', 'night sky', 'timelapse'], 3, 'night', { mediaType: ['timelapse'], shootingType: ['fixed'], composition: ['wide'], people: ['none'] }),
  v('海上日出', 'Sunrise over the sea', ['日出', '海面', '朝霞'], ['sunrise', 'sea', 'dawn'], 1, 'sunset', { mediaType: ['live-action'], shootingType: ['fixed'], composition: ['wide'], people: ['none'] }),
  v('海浪拍打礁石慢动作', 'Ocean waves crashing on rocks in slow motion', ['海浪', '礁石', '慢动作'], ['ocean', 'waves', 'rocks', 'slow motion'], 1, 'ocean', { mediaType: ['slow-motion'], shootingType: ['handheld'], composition: ['medium'], people: ['none'] }),
  v('杭州龙井茶园航拍', 'Aerial view of Longjing tea garden', ['茶园', '航拍', '龙井', '杭州'], ['tea garden', 'aerial', 'Hangzhou', 'green'], 2, 'forest', { mediaType: ['aerial'], shootingType: ['drone'], composition: ['extreme-wide'], people: ['none'] }),
  v('大熊猫吃竹子', 'Giant panda eating bamboo', ['熊猫', '大熊猫', '竹子', '四川'], ['panda', 'bamboo', 'wildlife', 'Sichuan'], 7, 'forest', { mediaType: ['live-action'], shootingType: ['gimbal'], composition: ['close-up'], people: ['none'] }),
  v('高铁穿越田野', 'High-speed train crossing the fields', ['高铁', '列车', '田野'], ['high-speed rail', 'train', 'fields', 'transport'], 6, 'desert', { mediaType: ['aerial'], shootingType: ['drone'], composition: ['wide'], people: ['none'] }),
  v('日落时分的城市天际线', 'City skyline at sunset', ['日落', '天际线', '城市'], ['sunset', 'skyline', 'city'], 0, 'sunset', { mediaType: ['timelapse'], shootingType: ['fixed'], composition: ['wide'], people: ['none'] }),
  v('雪山云海延时', 'Snow mountain sea of clouds timelapse', ['雪山', '云海', '延时'], ['snow mountain', 'clouds', 'timelapse'], 3, 'snow', { mediaType: ['timelapse'], shootingType: ['fixed'], composition: ['extreme-wide'], people: ['none'] }),
  v('沙漠驼队', 'Camel caravan in the desert', ['沙漠', '骆驼', '驼队'], ['desert', 'camels', 'caravan'], 1, 'desert', { mediaType: ['live-action'], shootingType: ['handheld'], composition: ['wide'], people: ['with-people'], count: ['3-5'] }),
  v('年轻女子在咖啡馆工作', 'Young woman working in a cafe', ['咖啡馆', '女性', '办公', '笔记本电脑'], ['cafe', 'woman', 'laptop', 'working'], 4, 'studio', { mediaType: ['live-action'], shootingType: ['gimbal'], composition: ['medium'], people: ['with-people'], gender: ['female'], race: ['asian'], count: ['1'], age: ['young-adult'] }),
  v('商务团队会议', 'Business team meeting', ['商务会议', '团队', '办公室'], ['business', 'meeting', 'team', 'office'], 8, 'studio', { mediaType: ['live-action'], shootingType: ['dolly'], composition: ['medium'], people: ['with-people'], gender: ['mixed'], count: ['3-5'], age: ['middle-aged'] }),
  v('春节舞龙表演', 'Dragon dance at the Spring Festival', ['春节', '舞龙', '传统'], ['Spring Festival', 'dragon dance', 'tradition'], 9, 'sunset', { mediaType: ['live-action'], shootingType: ['handheld'], composition: ['wide'], people: ['with-people'], count: ['6+'] }),
  v('火锅沸腾特写', 'Boiling hot pot close-up', ['火锅', '美食', '特写'], ['hot pot', 'food', 'close-up'], 5, 'sunset', { mediaType: ['slow-motion'], shootingType: ['fixed'], composition: ['close-up'], people: ['none'] }),
  v('绿幕前的舞者', 'Dancer in front of a green screen', ['绿幕', '舞者', '抠像'], ['green screen', 'dancer', 'chroma key'], 4, 'studio', { mediaType: ['green-screen'], shootingType: ['fixed'], composition: ['medium'], people: ['with-people'], gender: ['female'], count: ['1'], age: ['young-adult'] }),
  v('森林晨雾', 'Morning mist in the forest', ['森林', '晨雾', '阳光'], ['forest', 'mist', 'morning', 'sunbeams'], 1, 'forest', { mediaType: ['live-action'], shootingType: ['gimbal'], composition: ['wide'], people: ['none'] }),
  v('港珠澳大橋航拍', 'Aerial view of the Hong Kong–Zhuhai–Macau Bridge', ['航拍', '大桥', '海上'], ['aerial', 'bridge', 'sea'], 2, 'ocean', { mediaType: ['aerial'], shootingType: ['drone'], composition: ['extreme-wide'], people: ['none'] }),
  v('数据中心服务器机房', 'Data centre server room', ['科技', '服务器', '数据中心'], ['technology', 'servers', 'data centre'], 8, 'night', { mediaType: ['live-action'], shootingType: ['dolly'], composition: ['medium'], people: ['none'] }),
  v('水下珊瑚礁鱼群', 'Fish over an underwater coral reef', ['水下', '珊瑚礁', '鱼群'], ['underwater', 'coral reef', 'fish'], 7, 'ocean', { mediaType: ['live-action'], shootingType: ['underwater'], composition: ['wide'], people: ['none'] }),
  p('北京故宫角楼', 'Corner tower of the Forbidden City', ['故宫', '角楼', '北京', '古建筑'], ['Forbidden City', 'Beijing', 'architecture'], 0, 'snow', { composition: ['wide'], people: ['none'] }),
  p('上海陆家嘴天际线', 'Lujiazui skyline, Shanghai', ['城市夜景', '陆家嘴', '上海'], ['Shanghai', 'skyline', 'Lujiazui', 'night'], 0, 'city', { composition: ['extreme-wide'], people: ['none'] }),
  p('桂林山水日出', 'Sunrise over the Guilin karst hills', ['日出', '桂林', '山水'], ['sunrise', 'Guilin', 'karst', 'river'], 1, 'sunset', { composition: ['extreme-wide'], people: ['none'] }),
  p('星空下的帐篷', 'Tent under the stars', ['星空', '露营', '帐篷'], ['stars', 'camping', 'tent', 'night'], 1, 'night', { composition: ['wide'], people: ['none'] }),
  p('茶园采茶女', 'Tea picker in the tea garden', ['茶园', '采茶', '女性'], ['tea garden', 'tea picking', 'woman'], 2, 'forest', { composition: ['medium'], people: ['with-people'], gender: ['female'], race: ['asian'], count: ['1'], age: ['middle-aged'] }),
  p('熊猫幼崽', 'Panda cub', ['熊猫', '幼崽', '可爱'], ['panda', 'cub', 'cute'], 4, 'forest', { composition: ['close-up'], people: ['none'] }),
  p('精緻中式早點', 'Chinese breakfast dim sum', ['美食', '早点', '点心'], ['food', 'dim sum', 'breakfast'], 3, 'studio', { composition: ['overhead'], people: ['none'] }),
  p('商务人士握手', 'Business people shaking hands', ['商务', '握手', '合作'], ['business', 'handshake', 'partnership'], 5, 'studio', { composition: ['close-up'], people: ['with-people'], gender: ['male'], count: ['2'], age: ['middle-aged'] }),
  p('红灯笼与春联', 'Red lanterns and Spring Festival couplets', ['春节', '灯笼', '传统文化'], ['Spring Festival', 'lanterns', 'tradition'], 6, 'sunset', { composition: ['medium'], people: ['none'] }),
  p('金色沙丘纹理', 'Golden sand dune texture', ['沙漠', '纹理', '背景'], ['desert', 'texture', 'background', 'sand'], 7, 'desert', { composition: ['close-up'], people: ['none'] }),
  p('海浪与沙滩', 'Waves on the beach', ['海浪', '沙滩', '夏天'], ['waves', 'beach', 'summer'], 1, 'ocean', { composition: ['wide'], people: ['none'] }),
  p('雪山倒影', 'Snow mountain reflection', ['雪山', '倒影', '湖泊'], ['snow mountain', 'reflection', 'lake'], 1, 'snow', { composition: ['extreme-wide'], people: ['none'] }),
  p('老人在公园打太极', 'Senior practising tai chi in the park', ['太极', '老人', '公园'], ['tai chi', 'senior', 'park'], 2, 'forest', { composition: ['medium'], people: ['with-people'], gender: ['male'], race: ['asian'], count: ['1'], age: ['senior'] }),
  p('孩子们放风筝', 'Children flying kites', ['风筝', '儿童', '春天'], ['kites', 'children', 'spring'], 2, 'sunset', { composition: ['wide'], people: ['with-people'], gender: ['mixed'], count: ['3-5'], age: ['child'] }),
  p('高铁站台', 'High-speed rail platform', ['高铁', '车站', '交通'], ['high-speed rail', 'station', 'transport'], 0, 'city', { composition: ['wide'], people: ['none'] }),
];

export const DEMO_TOPICS = [
  { titleZh: '城市夜色', titleEn: 'Cities after dark', descriptionZh: '霓虹、车流与天际线', descriptionEn: 'Neon, traffic trails and skylines', match: ['夜景', '夜'] },
  { titleZh: '航拍中国', titleEn: 'China from above', descriptionZh: '无人机视角下的山河', descriptionEn: 'Landscapes seen by drone', match: ['航拍'] },
  { titleZh: '星空与银河', titleEn: 'Stars and the Milky Way', descriptionZh: '仰望星空', descriptionEn: 'Look up', match: ['星空'] },
  { titleZh: '海的声音', titleEn: 'Voices of the sea', descriptionZh: '海浪、沙滩与日出', descriptionEn: 'Waves, beaches and sunrises', match: ['海浪', '日出'] },
  { titleZh: '中国味道', titleEn: 'Tastes of China', descriptionZh: '美食与茶', descriptionEn: 'Food and tea', match: ['美食', '茶园'] },
  { titleZh: '新春佳节', titleEn: 'Spring Festival', descriptionZh: '灯笼、舞龙与团圆', descriptionEn: 'Lanterns, dragon dances and reunions', match: ['春节'] },
] as const;
