import type { MessageShape } from './messageShape';
import type { demandZhCN } from './demand.zh-CN';

/** English strings of "what buyers look for". Typed against the Chinese file so a missing or extra key fails the build. */
export const demandEn: MessageShape<typeof demandZhCN> = {
  entry: 'What buyers look for',
  back: 'Back to my materials',
  title: 'What buyers look for',
  lead: 'What the store’s buyers search for (anonymous counts, summed daily, kept 90 days): the most searched words, the ones that find little, and the ones on the rise. Open a word to see what buyers found.',
  window: 'Period',
  windows: { '7': 'Last 7 days', '30': 'Last 30 days' },
  kind: 'Kind',
  kinds: { video: 'Videos', photo: 'Photos', music: 'Music' },
  category: 'Category',
  allCategories: 'All categories',
  lists: {
    top: { title: 'Top searches', lead: 'The words searched most' },
    unmet: { title: 'Unmet demand', lead: 'Words that find few results or none, ranked by the demand left unmet' },
    rising: { title: 'Rising', lead: 'Words searched more than in the period before' },
  },
  columns: { query: 'Search', searches: 'Searches', averageResults: 'Avg. results', opened: 'Opened something', ordered: 'Ordered', previous: 'Before' },
  searchFor: 'Search for “{{query}}”',
  empty: 'Not enough searches in this period yet',
  loading: 'Loading…',
  period: '{{from}} to {{to}} (China time)',
};
