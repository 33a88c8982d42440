import { VIP_PRICE_PERCENT } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';

/**
 * The VIP rule's figure, from the constant the server prices quotes with: members pay
 * VIP_PRICE_PERCENT of each list price. One placeholder in both languages (the message key spec
 * wants the same ones), so the wording never restates it as a discount.
 */
export const vipRuleValues = { percent: VIP_PRICE_PERCENT };

/** The VIP rule as every page states it: `short` where a card has room for a few characters, else `rule`. */
export function useVipRule(): { short: string; rule: string } {
  const { t } = useTranslation();
  return { short: t('vip.short', vipRuleValues), rule: t('vip.rule', vipRuleValues) };
}
