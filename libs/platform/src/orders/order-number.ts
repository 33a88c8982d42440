import { randomInt } from 'node:crypto';
import { chinaWallClock } from '../time/china-time.js';

/**
 * Every order the buyer sees (materials, music licences, VIP, enterprise downloads) carries a
 * number in one scheme, so it can be read out on the phone and typed into the console's search:
 * "LS", the UTC+8 date and time to the second, and four random digits (LS202501311530450042).
 * The id (a uuid) stays the key between services; the number is for people.
 */
export const ORDER_NO_PATTERN = /^LS\d{14}\d{4}$/;

/** Ten thousand numbers per second: a fifth draw finding each one taken means something else is wrong. */
export const MAX_ORDER_NO_DRAWS = 5;

/**
 * A new order number for an order placed at `now`. Random, not sequential, so a buyer cannot
 * guess how many orders were placed; it is not unique by itself (ten thousand per second), so
 * whoever stores it keeps a unique index and draws again when the number is taken.
 */
export function newOrderNo(now: Date, random: () => number = () => randomInt(10_000) / 10_000): string {
  const local = chinaWallClock(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `LS${local}${String(Math.floor(random() * 10_000)).padStart(4, '0')}`;
}
