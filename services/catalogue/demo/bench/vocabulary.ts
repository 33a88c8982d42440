/**
 * Bilingual vocabulary for generated benchmark catalogues: places, times and moods, subjects and
 * shooting techniques as a stock-footage library titles them. Each entry is [Chinese, English].
 */
export type Pair = readonly [zh: string, en: string];

export const PLACES: readonly Pair[] = [
  ['上海外滩', 'Shanghai Bund'], ['北京故宫', 'Beijing Forbidden City'], ['杭州西湖', 'Hangzhou West Lake'], ['桂林漓江', 'Guilin Li River'],
  ['黄山', 'Huangshan'], ['八达岭长城', 'Badaling Great Wall'], ['深圳', 'Shenzhen'], ['广州塔', 'Canton Tower'], ['成都', 'Chengdu'],
  ['重庆洪崖洞', 'Chongqing Hongyadong'], ['西安城墙', "Xi'an city wall"], ['香港维多利亚港', 'Hong Kong Victoria Harbour'],
  ['苏州园林', 'Suzhou gardens'], ['丽江古城', 'Lijiang old town'], ['拉萨布达拉宫', 'Lhasa Potala Palace'], ['青海湖', 'Qinghai Lake'],
  ['张家界', 'Zhangjiajie'], ['九寨沟', 'Jiuzhaigou'], ['三亚海滩', 'Sanya beach'], ['哈尔滨冰雪大世界', 'Harbin ice festival'],
  ['南京', 'Nanjing'], ['武汉长江大桥', 'Wuhan Yangtze River Bridge'], ['厦门鼓浪屿', 'Xiamen Gulangyu'], ['新疆草原', 'Xinjiang grassland'],
  ['内蒙古沙漠', 'Inner Mongolia desert'], ['云南梯田', 'Yunnan rice terraces'], ['陆家嘴', 'Lujiazui'], ['东京', 'Tokyo'],
  ['纽约', 'New York'], ['巴黎', 'Paris'], ['伦敦', 'London'], ['乡村', 'countryside'], ['海边', 'seaside'], ['山区', 'mountain area'],
];

export const TIMES: readonly Pair[] = [
  ['夜景', 'night'], ['日出', 'sunrise'], ['日落', 'sunset'], ['清晨', 'early morning'], ['雪景', 'snow'], ['雨天', 'rainy day'],
  ['云海', 'sea of clouds'], ['星空', 'starry sky'], ['秋天', 'autumn'], ['春天', 'spring'], ['晨雾', 'morning fog'], ['黄昏', 'dusk'],
  ['夏日', 'summer'], ['冬季', 'winter'],
];

/** Subjects; the third field says whether people are in the shot. */
export const SUBJECTS: readonly (readonly [zh: string, en: string, people: boolean])[] = [
  ['城市天际线', 'city skyline', false], ['车流', 'traffic', false], ['人群', 'crowd', true], ['摩天大楼', 'skyscrapers', false],
  ['街道', 'street', false], ['老人', 'elderly man', true], ['儿童', 'children', true], ['商务人士', 'business people', true],
  ['大熊猫', 'giant panda', false], ['茶园', 'tea garden', false], ['海浪', 'ocean waves', false], ['瀑布', 'waterfall', false],
  ['森林', 'forest', false], ['山脉', 'mountains', false], ['河流', 'river', false], ['大桥', 'bridge', false], ['寺庙', 'temple', false],
  ['红灯笼', 'red lanterns', false], ['烟花', 'fireworks', false], ['高铁', 'high speed train', false], ['港口', 'harbour', false],
  ['农田', 'farmland', false], ['花海', 'flower field', false], ['古镇', 'ancient town', false], ['咖啡馆', 'coffee shop', true],
  ['办公室', 'office', true], ['厨房', 'kitchen', true], ['运动员', 'athlete', true], ['舞者', 'dancer', true], ['医生', 'doctor', true],
  ['学生', 'students', true], ['家庭', 'family', true], ['骑行', 'cycling', true], ['湖面', 'lake', false], ['沙滩', 'beach', false],
  ['雪山', 'snow mountain', false], ['夜市', 'night market', true], ['地铁', 'subway', true], ['机场', 'airport', true], ['工厂', 'factory', true],
];

/** Techniques; the third field is the mediaType filter value they imply. */
export const TECHNIQUES: readonly (readonly [zh: string, en: string, mediaType: string])[] = [
  ['延时摄影', 'timelapse', 'timelapse'], ['航拍', 'aerial', 'aerial'], ['慢动作', 'slow motion', 'slow-motion'], ['特写', 'close-up', 'live-action'],
  ['全景', 'panorama', 'live-action'], ['手持拍摄', 'handheld', 'live-action'], ['固定镜头', 'static shot', 'live-action'],
  ['绿幕抠像', 'green screen', 'green-screen'], ['三维动画', '3D animation', 'animation'], ['空镜', 'establishing shot', 'live-action'],
];

export const MOODS: readonly Pair[] = [
  ['唯美', 'beautiful'], ['繁华', 'bustling'], ['宁静', 'peaceful'], ['壮观', 'spectacular'], ['复古', 'vintage'], ['科技感', 'futuristic'],
  ['温馨', 'warm'], ['浪漫', 'romantic'], ['商业', 'commercial'], ['自然', 'nature'],
];

export const VIDEO_CATEGORIES: readonly Pair[] = [
  ['城市风光', 'Cityscapes'], ['自然风景', 'Nature'], ['人物生活', 'People'], ['商务办公', 'Business'], ['交通出行', 'Transport'],
  ['动物', 'Animals'], ['美食', 'Food'], ['体育运动', 'Sports'], ['医疗健康', 'Health'], ['教育', 'Education'], ['工业制造', 'Industry'],
  ['节日庆典', 'Festivals'], ['航拍中国', 'Aerial China'], ['延时摄影', 'Timelapse'], ['科技', 'Technology'], ['旅游', 'Travel'],
  ['建筑', 'Architecture'], ['天空云彩', 'Sky and clouds'], ['海洋', 'Ocean'], ['特效素材', 'Effects'],
];

export const PHOTO_CATEGORIES: readonly Pair[] = [
  ['风景', 'Landscape'], ['人像', 'Portraits'], ['建筑', 'Architecture'], ['美食', 'Food'], ['商务', 'Business'], ['动物', 'Animals'],
  ['旅行', 'Travel'], ['节日', 'Holidays'], ['科技', 'Technology'], ['背景纹理', 'Backgrounds'],
];
