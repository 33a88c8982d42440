import type { MusicSkuNode } from '@mkt/contracts/web';

/**
 * The buy-licence drawer's rules (spec section 4 "Music licence buying", section 5 "Music order
 * form"), with no React: four questions answered in order from the SKU tree, a licensee form and
 * an agreement tick. Pure functions over a plain state.
 */

export const CASCADE_LEVELS = ['scene', 'channel', 'period', 'area'] as const;
export type CascadeLevel = 0 | 1 | 2 | 3;

export interface LicenceForm {
  projectName: string;
  brand: string;
  companyName: string;
}

export interface CascadeState {
  /** Chosen node ids by level: scene, channel, period, area. */
  answers: [string | null, string | null, string | null, string | null];
  form: LicenceForm;
  agreed: boolean;
}

export const emptyForm: LicenceForm = { projectName: '', brand: '', companyName: '' };

export function initialCascade(form: LicenceForm = emptyForm): CascadeState {
  return { answers: [null, null, null, null], form, agreed: false };
}

/** The choices of a level given the earlier answers; empty until the previous level is answered. */
export function optionsAt(tree: readonly MusicSkuNode[], answers: CascadeState['answers'], level: CascadeLevel): MusicSkuNode[] {
  let nodes: readonly MusicSkuNode[] = tree;
  for (let i = 0; i < level; i += 1) {
    const chosen = nodes.find((node) => node.id === answers[i]);
    if (!chosen) return [];
    nodes = chosen.children ?? [];
  }
  return [...nodes];
}

/** Answering a question sets it and clears every later answer (also when the same answer is picked again). */
export function choose(state: CascadeState, level: CascadeLevel, id: string): CascadeState {
  const answers = state.answers.map((answer, i) => (i < level ? answer : i === level ? id : null)) as CascadeState['answers'];
  return { ...state, answers };
}

/** The chosen leaf, only once all four questions are answered along one path of the tree. */
export function chosenLeaf(tree: readonly MusicSkuNode[], answers: CascadeState['answers']): MusicSkuNode | null {
  if (answers.some((answer) => answer === null)) return null;
  const leaf = optionsAt(tree, answers, 3).find((node) => node.id === answers[3]);
  return leaf && typeof leaf.priceFen === 'number' ? leaf : null;
}

/** The price to show: null until all four are answered. */
export function priceOf(tree: readonly MusicSkuNode[], answers: CascadeState['answers']): { price: number; priceFen: number } | null {
  const leaf = chosenLeaf(tree, answers);
  return leaf ? { price: leaf.price ?? leaf.priceFen! / 100, priceFen: leaf.priceFen! } : null;
}

export function setField(state: CascadeState, field: keyof LicenceForm, value: string): CascadeState {
  return { ...state, form: { ...state.form, [field]: value } };
}

export function setAgreed(state: CascadeState, agreed: boolean): CascadeState {
  return { ...state, agreed };
}

/** The i18n keys of the spec's messages, in the order the form checks them. */
export type CascadeError = 'music.order.projectNameRequired' | 'music.order.brandRequired' | 'music.order.licenseeRequired' | 'music.order.answerAll' | 'music.order.agreementRequired';

/** The first problem to show, or null when the order can be placed. */
export function validate(tree: readonly MusicSkuNode[], state: CascadeState): CascadeError | null {
  if (!state.form.projectName.trim()) return 'music.order.projectNameRequired';
  if (!state.form.brand.trim()) return 'music.order.brandRequired';
  if (!state.form.companyName.trim()) return 'music.order.licenseeRequired';
  if (!chosenLeaf(tree, state.answers)) return 'music.order.answerAll';
  if (!state.agreed) return 'music.order.agreementRequired';
  return null;
}

/** The /music/order/create body for a valid state. */
export function orderRequest(tree: readonly MusicSkuNode[], state: CascadeState, musicId: number) {
  const price = priceOf(tree, state.answers);
  if (!price) throw new Error('the licence questions are not all answered');
  const [sceneId, channelId, periodId, authAreaId] = state.answers as [string, string, string, string];
  return {
    projectName: state.form.projectName.trim(),
    brand: state.form.brand.trim(),
    companyName: state.form.companyName.trim(),
    musicId,
    sceneId,
    channelId,
    periodId,
    authAreaId,
    price: price.price,
    purchasePrice: price.price,
  };
}

/* The last form values are remembered locally (spec section 3 "Session store"). */

export const ORDER_FORM_STORAGE_KEY = 'mkt.musicOrderForm';

export function rememberForm(storage: Pick<Storage, 'setItem'>, form: LicenceForm): void {
  try {
    storage.setItem(ORDER_FORM_STORAGE_KEY, JSON.stringify({ projectName: form.projectName, brand: form.brand, companyName: form.companyName }));
  } catch {
    // Storage full or disabled: the form simply starts empty next time.
  }
}

export function recallForm(storage: Pick<Storage, 'getItem'>): LicenceForm {
  try {
    const parsed = JSON.parse(storage.getItem(ORDER_FORM_STORAGE_KEY) ?? 'null') as Partial<LicenceForm> | null;
    if (!parsed || typeof parsed !== 'object') return emptyForm;
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : '');
    return { projectName: text(parsed.projectName), brand: text(parsed.brand), companyName: text(parsed.companyName) };
  } catch {
    return emptyForm;
  }
}

/** Music blocks show the first 6 tags, then '+N'. */
export function visibleTags<T>(tags: readonly T[], shown = 6): { tags: T[]; more: number } {
  return { tags: tags.slice(0, shown), more: Math.max(0, tags.length - shown) };
}
