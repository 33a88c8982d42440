import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { CatalogueIndex, DEFAULT_LIMITS, type CatalogueIndexLimits } from './catalogue-index.js';
import { LocalIndexEngine, type IndexEngine } from './index-engine.js';
import type { PublishedMaterialSource, SqlSession } from './published-materials.reader.js';
import { INDEX_WORKER_ENTRY, WorkerIndexEngine } from './worker-index-engine.js';

/** Builds a whole index from the published catalogue (InMemoryMaterialSearchIndex calls it at start and to compact). */
export type IndexBuilder = () => Promise<IndexEngine>;

/** Reads and indexes in this process (small catalogues, tests, and the builder process itself); `expected` saves counting again. */
export function buildInProcess(source: PublishedMaterialSource, limits: CatalogueIndexLimits = DEFAULT_LIMITS): (expected?: number) => Promise<CatalogueIndex> {
  return async (expected) => {
    const index = new CatalogueIndex(limits);
    index.reserve(expected ?? (await source.count()));
    await source.read((documents) => {
      for (const doc of documents) index.upsert(doc);
    });
    index.finishBulk();
    return index;
  };
}

/** The builder process's entry, beside this file once compiled (absent when running from sources). */
export const BUILDER_ENTRY = fileURLToPath(new URL('./catalogue-index.builder.js', import.meta.url));

/**
 * Reads and indexes in a child process, which writes the finished index to a snapshot file and
 * exits; the caller loads the file (as one buffer) and removes it. A build streams the whole
 * table through short-lived rows and growing arrays: in a child, all of that memory goes back to
 * the system when it exits, instead of staying in the serving process's heap and allocator.
 */
export function buildSnapshotInChildProcess(databaseUrl: string): (expected: number) => Promise<string> {
  return async (expected) => {
    await removeOrphanedSnapshots(tmpdir());
    const file = join(tmpdir(), `catalogue-index-${process.pid}-${randomUUID()}.bin`);
    try {
      await new Promise<void>((resolve, reject) => {
        const child = fork(BUILDER_ENTRY, [file, String(expected)], {
          env: { ...process.env, CATALOGUE_INDEX_DATABASE_URL: databaseUrl },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        child.once('error', reject);
        child.once('exit', (code, signal) =>
          code === 0 ? resolve() : reject(new Error(`search index builder exited with ${signal ?? `code ${code}`}`)),
        );
      });
      return file;
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  };
}

const SNAPSHOT_FILE = /^catalogue-index-(\d{1,10})-[0-9a-f-]{36}\.bin$/;

/**
 * Removes the snapshots of servers that were killed between the builder's exit and loading its
 * file (a few hundred megabytes each at a million materials): their process no longer exists.
 */
export async function removeOrphanedSnapshots(folder: string): Promise<void> {
  for (const name of await readdir(folder).catch(() => [])) {
    const owner = Number(SNAPSHOT_FILE.exec(name)?.[1] ?? 0);
    if (owner > 0 && !processExists(owner)) await rm(join(folder, name), { force: true });
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * When this process runs compiled (the worker's and builder's entries exist) and knows the
 * database's address, the index lives in a worker thread (WorkerIndexEngine, ADR 0020): built
 * there from the database, or for catalogues of `childFrom` published materials or more, loaded
 * there from the snapshot a child process built. Otherwise (tests run from sources) it is built
 * and serves in this thread.
 */
export function defaultIndexBuilder(
  databaseUrl: string | null,
  source: PublishedMaterialSource,
  childFrom: number,
  limits: CatalogueIndexLimits = DEFAULT_LIMITS,
): IndexBuilder {
  const inProcess = buildInProcess(source, limits);
  if (!databaseUrl || !existsSync(INDEX_WORKER_ENTRY) || !existsSync(BUILDER_ENTRY)) return async () => new LocalIndexEngine(await inProcess());
  const inChild = buildSnapshotInChildProcess(databaseUrl);
  return async () => {
    const expected = await source.count();
    if (expected < childFrom) return WorkerIndexEngine.start({ databaseUrl, expected }, limits);
    const snapshot = await inChild(expected);
    try {
      return await WorkerIndexEngine.start({ snapshot }, limits);
    } finally {
      await rm(snapshot, { force: true });
    }
  };
}

/** Sessions on the service's own pool (a query runner each). */
export function typeormSessions(dataSource: Pick<DataSource, 'createQueryRunner'>): () => Promise<SqlSession> {
  return async () => {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    return { query: (sql, params) => runner.query(sql, params) as Promise<unknown[]>, close: () => runner.release() };
  };
}
