import { describeError } from '../events/event-bus.errors.js';

/** What a sweep needs to know of the rows it releases and the storage they held. */
export interface StorageSweep<T> {
  /** What is swept, for the log ("abandoned contest files"). */
  what: string;
  /**
   * Claims up to `limit` items and releases their rows in the same statement or transaction, so
   * that no row points at storage about to go and another replica's sweep skips them.
   */
  take(limit: number): Promise<T[]>;
  /** Frees one item's storage (deletes the object, aborts the multipart upload). */
  free(item: T): Promise<void>;
  /** The fields that name an item in a warning. */
  describe(item: T): Record<string, unknown>;
}

export interface SweepLogger {
  log(message: object): void;
  warn(message: object): void;
}

const BATCH = 200;

/**
 * Takes and frees items batch after batch until a batch comes back short; returns how many were
 * taken. Rows first, storage second: a storage failure is logged and leaves the object behind,
 * never a row that points at nothing. A failure to take a batch is thrown.
 */
export async function sweepStorage<T>(sweep: StorageSweep<T>, logger: SweepLogger, batchSize = BATCH): Promise<number> {
  let taken = 0;
  for (;;) {
    const items = await sweep.take(batchSize);
    for (const item of items) {
      try {
        await sweep.free(item);
      } catch (error) {
        logger.warn({ msg: `${sweep.what}: storage left behind`, ...sweep.describe(item), error: describeError(error) });
      }
    }
    taken += items.length;
    if (items.length < batchSize) break;
  }
  if (taken > 0) logger.log({ msg: `${sweep.what} removed`, count: taken });
  return taken;
}

/** For a timer: sweeps, and logs a failed sweep instead of throwing it (the next run tries again). */
export async function sweepStorageQuietly<T>(sweep: StorageSweep<T>, logger: SweepLogger): Promise<void> {
  try {
    await sweepStorage(sweep, logger);
  } catch (error) {
    logger.warn({ msg: `${sweep.what} not swept; the next run tries again`, error: describeError(error) });
  }
}
