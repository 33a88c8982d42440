import { ORDER_STATUSES, type OrderStatus, messageWords } from '@mkt/contracts';
import { ORDER_ACTIONS, allowedActions, transition, type OrderAction } from './order-state-machine.js';

/** Every (state, action) pair of the order process, with the expected outcome. */
const EXPECTED: Record<OrderStatus, Record<OrderAction, OrderStatus | 'noop' | 'refused'>> = {
  submitted: { quote: 'quoted', pay: 'refused', reject: 'refused', confirm: 'refused', close: 'closed', cancel: 'closed', refund: 'refused' },
  quoted: { quote: 'quoted', pay: 'paid', reject: 'refused', confirm: 'refused', close: 'closed', cancel: 'closed', refund: 'refused' },
  paid: { quote: 'refused', pay: 'refused', reject: 'quoted', confirm: 'confirmed', close: 'closed', cancel: 'refused', refund: 'refused' },
  confirmed: { quote: 'refused', pay: 'refused', reject: 'refused', confirm: 'noop', close: 'refused', cancel: 'refused', refund: 'closed' },
  closed: { quote: 'refused', pay: 'refused', reject: 'refused', confirm: 'refused', close: 'refused', cancel: 'refused', refund: 'refused' },
};

describe('order state machine', () => {
  const cases = ORDER_STATUSES.flatMap((from) => ORDER_ACTIONS.map((action) => [from, action, EXPECTED[from][action]] as const));

  it.each(cases)('%s --%s--> %s', (from, action, expected) => {
    const result = transition(from, action);
    if (expected === 'refused') expect(result).toEqual({ kind: 'refused', from, action });
    else if (expected === 'noop') expect(result).toEqual({ kind: 'noop', status: from });
    else expect(result).toEqual({ kind: 'moved', from, to: expected });
  });

  it('covers every state and action of the contracts', () => {
    expect(cases).toHaveLength(ORDER_STATUSES.length * ORDER_ACTIONS.length);
  });

  it('lists the actions a state allows (the console shows only these buttons)', () => {
    expect(allowedActions('paid')).toEqual(['reject', 'confirm', 'close']);
    expect(allowedActions('closed')).toEqual([]);
  });
});

describe('orderAction words', () => {
  it('names every action in refusals, in both languages', () => {
    for (const language of ['zh-CN', 'en'] as const) expect(Object.keys(messageWords[language].orderAction).sort()).toEqual([...ORDER_ACTIONS].sort());
  });
});
