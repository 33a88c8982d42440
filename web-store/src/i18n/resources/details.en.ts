import type { MessageShape } from './messageShape';
import type { detailsZhCN } from './details.zh-CN';

/** English strings of the details step. Typed against the Chinese file so a missing or extra key fails the build. */
export const detailsEn: MessageShape<typeof detailsZhCN> = {
  title: 'Details',
  lead: 'Buyers find a file by its title, keywords, category and filters. A file goes to review once its details are complete.',
  missing: 'Details needed: the file goes to review once you add them',
  complete: 'Details complete',
  add: 'Add details',
  edit: 'Edit details',
  save: 'Save details',
  saved: 'Details saved: the file goes to review',
  cancel: 'Cancel',
  titleZh: 'Chinese title',
  titleEn: 'English title',
  descriptionZh: 'Chinese description (optional)',
  descriptionEn: 'English description (optional)',
  keywordsZh: 'Chinese keywords',
  keywordsEn: 'English keywords',
  keywordsHint: 'Separated by commas, at least {{min}}; the first ten count most in search',
  keywordsCount: '{{count}} keywords',
  suggested: 'Suggested',
  suggestAdd: 'Add “{{tag}}”',
  suggestDismiss: 'Hide “{{tag}}”',
  suggestReasons: {
    translation: 'the dictionary’s translation',
    similar: 'on materials that look like this one',
    related: 'used with your keywords',
    category: 'common in this category',
  },
  category: 'Category',
  categoryPick: 'Choose a category',
  filtersLead: 'Filters (buyers narrow search results by these)',
  peopleQuestion: 'Are there people in the picture?',
  problems: {
    titleZh: 'Give a Chinese title (1 to 100 characters)',
    titleEn: 'Give an English title (1 to 100 characters)',
    keywordsZh: 'Give at least {{min}} Chinese keywords',
    keywordsEn: 'Give at least {{min}} English keywords',
    category: 'Choose a category',
    people: 'Say whether there are people in the picture',
  },
};
