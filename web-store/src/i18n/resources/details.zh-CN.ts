/**
 * Strings of the details step (upload panel, material centre). Loaded with the form's chunk
 * (addPageMessages); `details.en.ts` must carry exactly the same keys.
 */
export const detailsZhCN = {
  title: '素材信息',
  lead: '买家按标题、关键词、分类和筛选项找到素材。填写完整后素材才会进入审核。',
  missing: '待填写素材信息：填写后才会进入审核',
  complete: '素材信息已填写',
  add: '填写素材信息',
  edit: '修改素材信息',
  save: '保存素材信息',
  saved: '素材信息已保存，素材将进入审核',
  cancel: '取消',
  titleZh: '中文标题',
  titleEn: '英文标题',
  descriptionZh: '中文描述（选填）',
  descriptionEn: '英文描述（选填）',
  keywordsZh: '中文关键词',
  keywordsEn: '英文关键词',
  keywordsHint: '用逗号分隔，至少 {{min}} 个；前 10 个对搜索排名影响最大',
  keywordsCount: '{{count}} 个关键词',
  suggested: '建议',
  suggestAdd: '添加“{{tag}}”',
  suggestDismiss: '隐藏“{{tag}}”',
  suggestReasons: {
    translation: '词典中的对应词',
    similar: '画面相似的素材使用',
    related: '常与您的关键词一起使用',
    category: '本分类常用',
  },
  category: '分类',
  categoryPick: '请选择分类',
  filtersLead: '筛选项（买家在搜索结果中按这些筛选）',
  peopleQuestion: '画面中是否有人物？',
  problems: {
    titleZh: '请填写中文标题（1-100 字）',
    titleEn: '请填写英文标题（1-100 字）',
    keywordsZh: '请至少填写 {{min}} 个中文关键词',
    keywordsEn: '请至少填写 {{min}} 个英文关键词',
    category: '请选择分类',
    people: '请说明画面中是否有人物',
  },
};
