import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '../api/client';
import { orderCalls } from '../api/orderCalls';
import { useLoginGate } from '../session/useLoginGate';
import { useToast } from '../ui/toast/ToastProvider';

/** Fired after the cart changes, so the header's cart badge and dropdown refresh. */
export const CART_CHANGED_EVENT = 'mkt:cart-changed';
export const announceCartChanged = () => window.dispatchEvent(new Event(CART_CHANGED_EVENT));

/** Add to cart from a card or a detail page; visitors get 'Please sign in use the function.'. */
export function useAddToCart(materialId: number): { add(): Promise<void>; busy: boolean } {
  const { t } = useTranslation();
  const toast = useToast();
  const gate = useLoginGate();
  const [busy, setBusy] = useState(false);
  const add = useCallback(async () => {
    if (!gate.requireSignIn('cart')) return;
    setBusy(true);
    try {
      await orderCalls.cartAdd(materialId);
      toast.show({ message: t('orders.addedToCart') });
      announceCartChanged();
    } catch (error) {
      toast.show({ message: serverMessageOr(error, t('card.actionFailed')) });
    } finally {
      setBusy(false);
    }
  }, [gate, materialId, t, toast]);
  return { add, busy };
}
