/** Strings of the search-by-image answer page (/ImageSearch), loaded with its chunk. */
export const imageSearchZhCN = {
  title: '以图搜索',
  yourPicture: '你的图片',
  searching: '正在查找……',
  sources: '图片来源',
  sourcesLead: '画面出自这些素材，视频会从匹配的时间点开始播放',
  sourcesEmpty: '素材库中没有找到这张图片的来源',
  at: '{{time}} 处',
  similar: '相似素材',
  similarEmpty: '没有找到相似的素材',
  another: '换一张图片',
  choose: '选择一张图片开始搜索',
  chooseLead: '拖入、粘贴（Ctrl+V）或选择一张 jpg、png 或 webp 图片（最大 20MB）。图片只用于这次搜索，不会被保存。',
  failed: '搜索失败，请稍后重试',
  retry: '重试',
  openSource: '打开 {{title}}',
};
