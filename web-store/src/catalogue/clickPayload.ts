import type { MaterialCard } from '@mkt/contracts/web';

/** Tracking of card and detail actions through /material/click (spec section 7 "Tracking"). */

export const CARD_RULES = {
  favourite: 21,
  unfavourite: 22,
  sample: 23,
  copyNumber: 24,
  copyLink: 25,
} as const;

export type CardAction = keyof typeof CARD_RULES;

/** bizType: 0 video, 1 photo, 5 external source (music, 100, has its own pages). */
export function bizTypeFor(card: Pick<MaterialCard, 'kind' | 'from'>): 0 | 1 | 5 {
  if (card.from === 'external') return 5;
  return card.kind === 'photo' ? 1 : 0;
}

/** Opening a detail page counts as a play: ruleId is the mdp (6 or 7) when given, else 10. */
export function playRuleId(mdp: string | null | undefined): 6 | 7 | 10 {
  if (mdp === '6') return 6;
  if (mdp === '7') return 7;
  return 10;
}

export interface ClickContext {
  referer: string;
  navigator: string;
}

export interface ClickPayload {
  bizType: 0 | 1 | 5;
  ruleId: number;
  title: string;
  referer: string;
  navigator: string;
  targetId: number;
}

export function clickPayload(
  card: Pick<MaterialCard, 'id' | 'kind' | 'from' | 'title'>,
  ruleId: number,
  context: ClickContext,
): ClickPayload {
  return {
    bizType: bizTypeFor(card),
    ruleId,
    // The contract's limits: longer values would make the server refuse the whole event.
    title: card.title.slice(0, 300),
    referer: context.referer.slice(0, 2000),
    navigator: context.navigator.slice(0, 1000),
    targetId: card.id,
  };
}

export function cardActionPayload(
  card: Pick<MaterialCard, 'id' | 'kind' | 'from' | 'title'>,
  action: CardAction,
  context: ClickContext,
): ClickPayload {
  return clickPayload(card, CARD_RULES[action], context);
}
