import { VIP_PRICE_PERCENT } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';

/**
 * The VIP rule's figures, from the constant the server prices quotes with (members pay
 * VIP_PRICE_PERCENT of each list price): 80 reads "80% of the list price", "8 折" and "20% off".
 */
export const vipRuleValues = { percent: VIP_PRICE_PERCENT, discount: VIP_PRICE_PERCENT / 10, off: 100 - VIP_PRICE_PERCENT };

/** The VIP rule as every page states it: `short` where a card has room for a few characters, else `rule`. */
export function useVipRule(): { short: string; rule: string } {
  const { t } = useTranslation();
  return { short: t('vip.short', vipRuleValues), rule: t('vip.rule', vipRuleValues) };
}
