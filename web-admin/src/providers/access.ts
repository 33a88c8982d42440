import { CONTACT_DETAILS_REVEALERS, SIGNING_REVIEWERS, STAFF_ROLES, type StaffRole } from '@mkt/contracts';

/** The console's resources, in menu order. */
export const RESOURCES = ['users', 'projects', 'materials', 'reviews', 'categories', 'topics', 'editorial-entries', 'hot-words', 'search-synonyms', 'search-demand', 'music-tracks', 'music-sheets', 'music-skus', 'shop-products', 'orders', 'invoices', 'refunds', 'statements', 'contributor-shares', 'real-name-reviews', 'bank-infos', 'signing-applications', 'contests', 'contest-entries', 'contest-judges', 'campaigns', 'staff', 'audit-logs'] as const;
export type ResourceName = (typeof RESOURCES)[number];

/** The react-admin actions, and `reveal`: showing personal data the console otherwise masks. */
export type Action = 'list' | 'show' | 'edit' | 'create' | 'delete' | 'reveal';

const everyone: readonly StaffRole[] = STAFF_ROLES;
const adminOnly: readonly StaffRole[] = ['admin'];
/** Material editors: titles, keywords, categories, filters and publication. */
const materialEditors: readonly StaffRole[] = ['admin', 'reviewer'];
/** The store's curation (categories, topics, hot words, search synonyms) belongs to sales. */
const curators: readonly StaffRole[] = ['admin', 'sales'];
/** The yearly contest: its setup, entries, judges and results belong to the contest managers. */
const contestManagers: readonly StaffRole[] = ['admin', 'contest-manager'];
/** Contributor payouts: statements, remittances and share settings are finance's. */
const finance: readonly StaffRole[] = ['admin', 'finance'];

/** Read for every role; create, edit and delete for the curators. */
const curated = { list: everyone, show: everyone, create: curators, edit: curators, delete: curators };

/**
 * Which roles may do what, as data. The server enforces the same rules; the console only hides
 * what a role cannot use. Anything not listed (export, unknown resources) is refused.
 */
export const ACCESS_RULES: Record<ResourceName, Partial<Record<Action, readonly StaffRole[]>>> = {
  // Phone and e-mail are masked for everyone; the roles of CONTACT_DETAILS_ACCESS reveal one user's (audited).
  users: { list: everyone, show: everyone, edit: ['admin', 'sales'], reveal: CONTACT_DETAILS_REVEALERS },
  // Sales keep the enterprise projects they sold; finance reads them next to the company's orders.
  projects: { list: ['admin', 'sales', 'finance'], show: ['admin', 'sales', 'finance'], create: ['admin', 'sales'], edit: ['admin', 'sales'] },
  materials: { list: everyone, show: everyone, edit: materialEditors },
  /** Contributed uploads: the reviewers decide what goes on sale. */
  reviews: { list: materialEditors, show: materialEditors, edit: materialEditors },
  categories: curated,
  topics: curated,
  'editorial-entries': curated,
  'hot-words': curated,
  'search-synonyms': curated,
  // What buyers search for: read by every role for editorial planning; computed, nothing to edit.
  'search-demand': { list: everyone },
  // Sales quote and close, finance confirms vouchers; the show page offers only the buttons a role may use.
  orders: { list: ['admin', 'sales', 'finance'], show: ['admin', 'sales', 'finance'] },
  invoices: { list: ['admin', 'finance'], show: ['admin', 'finance'] },
  refunds: { list: ['admin', 'finance'], show: ['admin', 'finance'] },
  // Generating, correcting and remitting are actions on the list and show pages, not edits.
  statements: { list: finance, show: finance },
  'contributor-shares': { list: finance, show: finance, edit: finance },
  // Contributors' real-name check: finance verifies or rejects on the show page (not an edit).
  'real-name-reviews': { list: finance, show: finance },
  // Bank info: finance reveals the numbers (audited), verifies or rejects on the show page.
  'bank-infos': { list: finance, show: finance },
  // Would-be photographers: reviewers judge the portfolio and approve or reject on the show page.
  'signing-applications': { list: SIGNING_REVIEWERS, show: SIGNING_REVIEWERS },
  // Music: track fields like materials, sheets like the other curation, prices also for finance.
  'music-tracks': { list: everyone, show: everyone, edit: materialEditors },
  'music-sheets': curated,
  'music-skus': { list: everyone, show: everyone, edit: ['admin', 'sales', 'finance'] },
  // Shop products: sales price and publish them like the rest of the store's curation; no delete (orders point at them).
  'shop-products': { list: curators, show: curators, create: curators, edit: curators },
  // Contests: no delete (entries, judges' scores and published results point at them); reviewing
  // entries, revoking keys and publishing results are actions on the show pages.
  contests: { list: contestManagers, show: contestManagers, create: contestManagers, edit: contestManagers },
  'contest-entries': { list: contestManagers, show: contestManagers },
  'contest-judges': { list: contestManagers, show: contestManagers, create: contestManagers, edit: contestManagers },
  // Campaign pages are the contest's public face: kept by the same people.
  campaigns: { list: contestManagers, create: contestManagers, edit: contestManagers },
  staff: { list: adminOnly, show: adminOnly, create: adminOnly, edit: adminOnly },
  'audit-logs': { list: adminOnly, show: adminOnly },
};

function isResource(resource: string): resource is ResourceName {
  return (RESOURCES as readonly string[]).includes(resource);
}

export function isAllowed(roles: readonly string[], resource: string, action: string): boolean {
  if (!isResource(resource)) return false;
  const allowed = ACCESS_RULES[resource][action as Action];
  return !!allowed && roles.some((role) => (allowed as readonly string[]).includes(role));
}
