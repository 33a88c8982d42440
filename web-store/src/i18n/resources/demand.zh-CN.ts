/** Strings of "what buyers look for" in the material centre, loaded with its chunk. */
export const demandZhCN = {
  entry: '买家在找什么',
  back: '返回我的素材',
  title: '买家在找什么',
  lead: '商店里的搜索词（匿名统计，每天汇总，保留 90 天）：哪些词搜得多、哪些词结果很少、哪些词正在升温。点击搜索词可以看到买家搜到的结果。',
  window: '时间范围',
  windows: { '7': '近 7 天', '30': '近 30 天' },
  kind: '类型',
  kinds: { video: '视频', photo: '图片', music: '音乐' },
  category: '分类',
  allCategories: '全部分类',
  lists: {
    top: { title: '热门搜索', lead: '搜索次数最多的词' },
    unmet: { title: '供不应求', lead: '结果很少或没有结果的词，按未满足的需求排序' },
    rising: { title: '正在升温', lead: '比前一段时间搜得更多的词' },
  },
  columns: { query: '搜索词', searches: '搜索次数', averageResults: '平均结果数', opened: '打开过素材', ordered: '下过订单', previous: '之前' },
  searchFor: '搜索“{{query}}”',
  empty: '这段时间还没有足够的搜索',
  loading: '正在加载…',
  period: '{{from}} 至 {{to}}（北京时间）',
} as const;
