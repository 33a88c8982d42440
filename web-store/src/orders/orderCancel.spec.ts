import { ORDER_STATUSES } from '@mkt/contracts/web';
import { CANCEL_REASON_MAX, buyerMayCancel, cancelReasonText } from './orderCancel';

const label = (reason: string) => `label:${reason}`;

describe('buyer cancel', () => {
  it('is offered only before payment', () => {
    expect(ORDER_STATUSES.filter(buyerMayCancel)).toEqual(['submitted', 'quoted']);
  });

  it('sends a listed reason as its label', () => {
    expect(cancelReasonText('price', 'ignored', label)).toEqual({ ok: true, reason: 'label:price' });
  });

  it('asks for a choice, and for words when the reason is "other"', () => {
    expect(cancelReasonText(null, '', label)).toEqual({ ok: false, problem: 'choose' });
    expect(cancelReasonText('other', ' \n ', label)).toEqual({ ok: false, problem: 'otherRequired' });
  });

  it('sends free text on one line, within the server limit', () => {
    expect(cancelReasonText('other', '  budget\nwas cut  ', label)).toEqual({ ok: true, reason: 'budget was cut' });
    expect(cancelReasonText('other', 'x'.repeat(CANCEL_REASON_MAX + 1), label)).toEqual({ ok: false, problem: 'tooLong' });
    expect(cancelReasonText('other', '因'.repeat(CANCEL_REASON_MAX), label)).toEqual({ ok: true, reason: '因'.repeat(CANCEL_REASON_MAX) });
  });
});
