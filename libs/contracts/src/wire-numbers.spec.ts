import { materialSearchRequestSchema, topicRequestSchema, bookmarkRequestSchema } from './catalogue/schemas.js';
import { cartRemoveRequestSchema, downloadOriginalRequestSchema, orderCreateRequestSchema } from './orders/schemas.js';
import { bigserialId, INT4_MAX, serialId, wholeNumber } from './wire-numbers.js';

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('numbers on the wire', () => {
  it('takes JSON numbers and decimal strings, as the spec client sends both', () => {
    expect(wholeNumber(1, 10).parse(7)).toBe(7);
    expect(wholeNumber(1, 10).parse('7')).toBe(7);
    expect(wholeNumber(-5, 5).parse('-3')).toBe(-3);
  });

  it('refuses what z.coerce.number() turned into numbers: null, booleans, hex, exponents, blanks, fractions', () => {
    for (const loose of [null, true, false, '0x10', '1e3', '', ' 7', '7 ', '1.5', 1.5, [], {}, [7], Number.NaN, Infinity]) {
      expect([loose, accepts(wholeNumber(0, 100), loose)]).toEqual([loose, false]);
    }
  });

  it('holds ids to what their column holds: int4 for serial keys, exact doubles for bigserial ones', () => {
    expect(accepts(serialId(), INT4_MAX)).toBe(true);
    expect(accepts(serialId(), INT4_MAX + 1)).toBe(false);
    expect(accepts(serialId(), String(2 ** 31))).toBe(false);
    expect(accepts(serialId(), 0)).toBe(false);
    expect(accepts(bigserialId(), Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(accepts(bigserialId(), 2 ** 53)).toBe(false);
    expect(accepts(bigserialId(), '99999999999999999999')).toBe(false);
  });
});

describe('store calls that let an id past its column reach the database', () => {
  const past = [2 ** 31, 2 ** 53, '9223372036854775808'];
  const licence = { licenceType: 'commercial', buyerCompany: 'A', projectType: 'advertising', projectName: 'P', userCompany: 'U', purpose: 'x', region: 'mainland', duration: 'permanent', contact: 'C' };

  it('takes the same calls with ids in range (so the refusals below are about the id)', () => {
    expect(accepts(orderCreateRequestSchema, { cartIds: [1, '2'], licence })).toBe(true);
    expect(accepts(cartRemoveRequestSchema, { cartId: INT4_MAX })).toBe(true);
    expect(accepts(materialSearchRequestSchema, { categoryId: 3, topicId: '4' })).toBe(true);
    expect(accepts(topicRequestSchema, { id: 1 })).toBe(true);
    expect(accepts(downloadOriginalRequestSchema, { orderId: '6f1c2b7e-3c1a-4c55-9a51-7f2b8f0f4d11', itemId: 1 })).toBe(true);
  });

  it.each(past)('refuses %p as a cart id, search filter, topic id or order item id', (id) => {
    expect(accepts(orderCreateRequestSchema, { cartIds: [1, id], licence })).toBe(false);
    expect(accepts(cartRemoveRequestSchema, { cartId: id })).toBe(false);
    expect(accepts(materialSearchRequestSchema, { categoryId: id })).toBe(false);
    expect(accepts(materialSearchRequestSchema, { topicId: id })).toBe(false);
    expect(accepts(topicRequestSchema, { id })).toBe(false);
    expect(accepts(downloadOriginalRequestSchema, { orderId: '6f1c2b7e-3c1a-4c55-9a51-7f2b8f0f4d11', itemId: id })).toBe(false);
  });

  it('no longer turns a null target type into a video bookmark, or true and "0x10" into numbers', () => {
    expect(bookmarkRequestSchema.parse({ targetId: '12', targetType: '0' })).toEqual({ targetId: 12, targetType: 0 });
    for (const targetType of [null, true, '0x1', '']) expect(accepts(bookmarkRequestSchema, { targetId: 12, targetType })).toBe(false);
    expect(accepts(bookmarkRequestSchema, { targetId: '0x10', targetType: 0 })).toBe(false);
  });
});
