import type { NewMaterial } from '../src/materials/material-writer.service.js';

/**
 * A small, fixed catalogue for the search tests. Keys are stable names the relevance suite refers to.
 * Some titles are in traditional Chinese or carry punctuation on input, to prove the folding.
 */
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);

export const FIXTURE: Record<string, NewMaterial> = {
  bund: {
    kind: 'video', status: 'published', titleZh: '上海外滩夜景延时摄影', titleEn: 'Shanghai Bund night timelapse',
    keywordsZh: ['上海外滩夜景延时摄影', '城市夜景', '延时'], keywordsEn: ['Shanghai', 'Bund', 'timelapse', 'night'],
    filters: { mediaType: ['timelapse'], resolution: ['4k'], people: ['none'] }, salesCount: 500, onlineAt: day(10), width: 3840, height: 2160, duration: 12,
    thumbnailKey: 'renditions/fixture/bund/thumb.jpg', preview480Key: 'renditions/fixture/bund/preview-480.mp4', sampleKey: 'renditions/fixture/bund/sample.mp4', originalKey: 'originals/fixture/bund/original.mp4',
  },
  cityAerial: {
    kind: 'video', status: 'published', titleZh: '城市夜景航拍', titleEn: 'Aerial city lights at night',
    keywordsZh: ['城市夜景', '航拍'], keywordsEn: ['aerial', 'city', 'night'],
    filters: { mediaType: ['aerial'], resolution: ['4k'], shootingType: ['drone'] }, salesCount: 300, onlineAt: day(20),
  },
  stars: {
    kind: 'video', status: 'published', titleZh: '銀河星空延時攝影', titleEn: 'Milky Way starry sky timelapse',
    keywordsZh: ['星空', '銀河'], keywordsEn: ['stars', 'Milky Way'],
    filters: { mediaType: ['timelapse'], resolution: ['1080p'] }, salesCount: 80, onlineAt: day(30),
  },
  sunriseSea: {
    kind: 'video', status: 'published', titleZh: '海上日出', titleEn: 'Sunrise over the sea',
    keywordsZh: ['日出', '海面'], keywordsEn: ['sunrise', 'sea', 'dawn'],
    filters: { mediaType: ['live-action'], resolution: ['4k'] }, salesCount: 120, onlineAt: day(40),
  },
  waves: {
    kind: 'video', status: 'published', titleZh: '海浪拍打礁石，慢动作！', titleEn: 'Ocean waves crashing on rocks, slow motion',
    keywordsZh: ['海浪', '礁石', '慢动作'], keywordsEn: ['ocean', 'waves', 'slow motion'],
    filters: { mediaType: ['slow-motion'], resolution: ['1080p'] }, salesCount: 60, onlineAt: day(50),
  },
  tea: {
    kind: 'video', status: 'published', titleZh: '杭州龙井茶园航拍', titleEn: 'Aerial view of Longjing tea garden',
    keywordsZh: ['茶园', '航拍', '龙井'], keywordsEn: ['tea garden', 'aerial', 'Hangzhou'],
    filters: { mediaType: ['aerial'], resolution: ['4k'], shootingType: ['drone'] }, salesCount: 200, onlineAt: day(60),
  },
  panda: {
    kind: 'video', status: 'published', titleZh: '大熊猫吃竹子', titleEn: 'Giant panda eating bamboo',
    keywordsZh: ['熊猫', '竹子'], keywordsEn: ['panda', 'bamboo', 'wildlife'],
    filters: { mediaType: ['live-action'], resolution: ['4k'] }, salesCount: 900, onlineAt: day(70),
  },
  train: {
    kind: 'video', status: 'published', titleZh: '高铁穿越田野', titleEn: 'High-speed train crossing the fields',
    keywordsZh: ['高铁', '列车'], keywordsEn: ['high-speed rail', 'train'],
    filters: { mediaType: ['aerial'], resolution: ['2k'] }, salesCount: 40, onlineAt: day(80),
  },
  sunsetSkyline: {
    kind: 'video', status: 'published', titleZh: '日落时分的城市天际线', titleEn: 'City skyline at sunset',
    keywordsZh: ['日落', '天际线'], keywordsEn: ['sunset', 'skyline', 'city'],
    filters: { mediaType: ['timelapse'], resolution: ['8k'] }, salesCount: 150, onlineAt: day(90),
  },
  greenScreen: {
    kind: 'video', status: 'published', titleZh: '绿幕前的舞者', titleEn: 'Dancer in front of a green screen', from: 'raw',
    keywordsZh: ['绿幕', '舞者'], keywordsEn: ['green screen', 'dancer'],
    filters: { mediaType: ['green-screen'], people: ['with-people'], gender: ['female'] }, salesCount: 10, onlineAt: day(100),
  },
  draft: {
    kind: 'video', status: 'draft', titleZh: '未发布的熊猫', titleEn: 'Unpublished panda draft',
    keywordsZh: ['熊猫'], keywordsEn: ['panda'], salesCount: 9999, onlineAt: null,
  },
  forbiddenCity: {
    kind: 'photo', status: 'published', titleZh: '北京故宫角楼', titleEn: 'Corner tower of the Forbidden City',
    keywordsZh: ['故宫', '北京'], keywordsEn: ['Forbidden City', 'Beijing', 'architecture'],
    filters: { composition: ['wide'] }, salesCount: 70, onlineAt: day(15), thumbnailKey: 'renditions/fixture/fc/thumb.jpg', sampleKey: 'renditions/fixture/fc/sample.jpg',
  },
  pandaPhoto: {
    kind: 'photo', status: 'published', titleZh: '熊猫幼崽', titleEn: 'Panda cub',
    keywordsZh: ['熊猫', '幼崽'], keywordsEn: ['panda', 'cub'], filters: { composition: ['close-up'] }, salesCount: 30, onlineAt: day(25),
  },
  sunsetPhoto: {
    kind: 'photo', status: 'published', titleZh: '沙滩日落', titleEn: 'Beach sunsets', from: 'external',
    keywordsZh: ['日落', '沙滩'], keywordsEn: ['sunsets', 'beach'], filters: { composition: ['wide'] }, salesCount: 55, onlineAt: day(35),
  },
};
