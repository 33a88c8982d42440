/**
 * How a contest's points pool is shared when its results are published (docs/adr/0019-contests.md,
 * "Points"): every participant whose entry review did not reject all their entries receives an
 * equal whole share; the points that do not divide evenly go one each to the participants who
 * entered first. The shares add up to the pool exactly; an empty contest shares nothing.
 */
export function sharePoints(pool: number, participantsInEntryOrder: readonly string[]): Map<string, number> {
  const shares = new Map<string, number>();
  const count = participantsInEntryOrder.length;
  if (count === 0 || pool <= 0) return shares;
  const base = Math.floor(pool / count);
  const remainder = pool - base * count;
  participantsInEntryOrder.forEach((userId, index) => shares.set(userId, base + (index < remainder ? 1 : 0)));
  return shares;
}
