/**
 * The demo's search synonyms: groups of words and phrases, Chinese and English, that the store
 * search treats as one. They cover the demo's vocabulary (the landscapes the rendered pictures
 * show, the camera's kinds of shot and the hot words), so that "drone" finds the clips tagged
 * 航拍 and 星空 finds the ones tagged "night sky". Stored cleaned like any console edit; staff can
 * change them in the console (Synonyms), and the demo never writes them again once there.
 */
export const DEMO_SYNONYMS: readonly (readonly string[])[] = [
  // Kinds of shot
  ['航拍', '无人机', '无人机航拍', '空拍', '鸟瞰', '俯瞰', 'aerial', 'aerial view', 'aerial shot', 'drone', 'drone shot', 'drone footage', 'birds eye view'],
  ['延时', '延时摄影', '缩时摄影', '延时视频', 'timelapse', 'time lapse'],
  ['慢动作', '慢镜头', '升格', 'slow motion', 'slow mo', 'slowmo'],
  ['全景', '远景', 'panorama', 'panoramic', 'wide shot'],
  ['特写', '近景', 'close up', 'closeup'],
  // Times of day and light
  ['日落', '夕阳', '落日', '晚霞', '黄昏', '傍晚', 'sunset', 'dusk', 'sundown', 'golden hour', 'afterglow'],
  ['日出', '朝阳', '朝霞', '旭日', 'sunrise', 'dawn', 'daybreak'],
  ['清晨', '早晨', '早上', 'morning', 'early morning'],
  ['夜景', '夜晚', '夜色', '晚上', 'night', 'nighttime', 'night view', 'at night'],
  ['星空', '星星', '繁星', '银河', '夜空', 'starry sky', 'stars', 'night sky', 'milky way', 'starry night'],
  ['月亮', '月光', '月色', '明月', 'moon', 'moonlight'],
  ['太阳', '阳光', '日光', 'sun', 'sunlight', 'sunshine', 'sunbeams'],
  ['金色', '金黄', 'golden', 'gold'],
  ['剪影', '轮廓', 'silhouette'],
  // Landscapes
  ['风景', '风光', '自然风景', '山水', '景色', 'landscape', 'scenery', 'nature'],
  ['山', '山峦', '群山', '山峰', '山脉', '高山', 'mountains', 'mountain', 'peaks', 'ridges', 'mountain range'],
  ['雪山', '雪峰', '雪山之巅', 'snow mountain', 'snowy mountains', 'snow peaks', 'snow capped mountains'],
  ['雪', '雪景', '积雪', 'snow', 'snowy'],
  ['海', '大海', '海洋', '海面', 'sea', 'ocean', 'open water', 'seascape'],
  ['海浪', '波浪', '浪花', 'waves', 'surf', 'breakers'],
  ['海平面', '地平线', '海天线', 'horizon'],
  ['海岸', '海边', '海岸线', 'coast', 'coastline', 'seaside', 'shore'],
  ['沙滩', '海滩', 'beach'],
  ['云海', 'sea of clouds', 'cloud sea'],
  ['云朵', '云彩', '云层', 'clouds'],
  ['晨雾', '雾', '薄雾', '雾气', '云雾', 'mist', 'fog', 'morning mist', 'haze'],
  ['森林', '树林', '林地', '松林', '丛林', 'forest', 'woods', 'woodland', 'pine forest'],
  ['沙漠', '荒漠', 'desert'],
  ['沙丘', 'dunes', 'sand dunes'],
  // Cities
  ['城市', '都市', '城市风光', 'city', 'cityscape', 'urban'],
  ['天际线', '城市天际线', 'skyline', 'city skyline'],
  ['高楼', '建筑', '摩天大楼', '大厦', '城市建筑', 'buildings', 'skyscrapers', 'architecture'],
  ['灯光', '灯火', '万家灯火', 'lights', 'city lights', 'lit windows'],
  // Studio, backgrounds and shapes
  ['摄影棚', '影棚', '演播室', 'studio', 'photo studio'],
  ['背景', '背景图', '底图', 'background', 'backdrop'],
  ['动态背景', '动感背景', 'motion background', 'animated background'],
  ['纹理', '质感', '肌理', '背景纹理', 'texture'],
  ['几何', '几何图形', '几何体', 'geometric', 'geometric shapes', 'shapes'],
  ['球体', '球', 'sphere', 'ball'],
  ['立方体', '方块', '正方体', 'cube'],
];
