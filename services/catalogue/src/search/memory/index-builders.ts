import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { CatalogueIndex, DEFAULT_LIMITS, type CatalogueIndexLimits, type CatalogueIndexMeta } from './catalogue-index.js';
import { readSnapshot } from './index-snapshot.js';
import type { PublishedMaterialSource, SqlSession } from './published-materials.reader.js';

/** Builds a whole CatalogueIndex from the published catalogue (InMemoryMaterialSearchIndex calls it at start and to compact). */
export type IndexBuilder = () => Promise<CatalogueIndex>;

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
 * exits; this process reads the file back as one buffer. A build streams the whole table through
 * short-lived rows and growing arrays: in a child, all of that memory goes back to the system
 * when it exits, instead of staying in this long-lived process's heap and allocator.
 */
export function buildInChildProcess(databaseUrl: string, limits: CatalogueIndexLimits = DEFAULT_LIMITS): (expected: number) => Promise<CatalogueIndex> {
  return async (expected) => {
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
      return CatalogueIndex.fromSnapshot(await readSnapshot<CatalogueIndexMeta>(file), limits);
    } finally {
      await rm(file, { force: true });
    }
  };
}

/**
 * A child process for catalogues of `childFrom` published materials or more, when this process
 * runs compiled (the builder's entry exists) and knows the database's address; this process
 * otherwise (a small catalogue builds in well under a second, and tests run from sources).
 */
export function defaultIndexBuilder(databaseUrl: string | null, source: PublishedMaterialSource, childFrom: number): IndexBuilder {
  const inProcess = buildInProcess(source);
  if (!databaseUrl || !existsSync(BUILDER_ENTRY)) return () => inProcess();
  const inChild = buildInChildProcess(databaseUrl);
  return async () => {
    const expected = await source.count();
    return expected >= childFrom ? inChild(expected) : inProcess(expected);
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
