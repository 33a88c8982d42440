import { ORDER_NO_PATTERN, newOrderNo } from './order-number.js';

describe('order numbers', () => {
  it('read LS, the UTC+8 date and time to the second, then four digits', () => {
    // 23:59:58 UTC on 31 January is 07:59:58 on 1 February in China.
    expect(newOrderNo(new Date('2025-01-31T23:59:58.750Z'), () => 0.0042)).toBe('LS202502010759580042');
    expect(newOrderNo(new Date('2025-06-01T00:00:00Z'), () => 0)).toBe('LS202506010800000000');
    expect(newOrderNo(new Date('2025-06-01T00:00:00Z'), () => 0.99999)).toBe('LS202506010800009999');
  });

  it('always match the pattern the console and the store rely on, and fit the 24-character columns', () => {
    const at = new Date('2025-03-09T04:05:06Z');
    for (let i = 0; i < 2_000; i += 1) {
      const orderNo = newOrderNo(at);
      expect(orderNo).toMatch(ORDER_NO_PATTERN);
      expect(orderNo.length).toBeLessThanOrEqual(24);
    }
  });

  it('spread over the four digits, so a second holds many orders', () => {
    const at = new Date('2025-03-09T04:05:06Z');
    const drawn = new Set(Array.from({ length: 2_000 }, () => newOrderNo(at)));
    // 2,000 draws from 10,000 numbers leave about 1,813 distinct ones; far fewer means a weak source.
    expect(drawn.size).toBeGreaterThan(1_700);
  });
});
