import { randomUUID } from 'node:crypto';
import type { ContestFileRole, ContestFileStarted, ContestFileView } from '@mkt/contracts';
import { Clock } from '@mkt/platform';
import { TestIdentityModule, startServiceUnderTest, type ServiceUnderTest, type StoreReply } from '@mkt/platform/testing';
import { ContestsModule } from '../src/contests.module.js';

export interface ContestsHarness extends ServiceUnderTest {
  user(): Promise<{ userId: string; token: string }>;
  /** Uploads a file through the signed part links and finishes it: the finish answer. */
  upload(token: string, target: { contestId: number; trackId: number; role: ContestFileRole; fileName: string }, bytes: Buffer): Promise<StoreReply<ContestFileView>>;
  setNow(iso: string | null): void;
}

/** The contests service alone on a real port, with a fresh database; identity's session check is stood in for. */
export async function startContests(): Promise<ContestsHarness> {
  const service = await startServiceUnderTest({ schema: 'contests', modules: [TestIdentityModule, ContestsModule] });
  const clock = service.server.app.get(Clock);
  const realNow = clock.now.bind(clock);
  const absolute = (url: string) => (url.startsWith('/') ? `${service.server.url}${url}` : url);
  return {
    ...service,
    async user() {
      const userId = randomUUID();
      return { userId, token: await service.userToken(userId) };
    },
    async upload(token, target, bytes) {
      const started = await service.call<ContestFileStarted>('/contest/file/start', { token, body: { ...target, fileSize: bytes.length } });
      if (started.status !== 200) return started as unknown as StoreReply<ContestFileView>;
      const { fileId, partSize, partCount, parts } = started.body.data;
      let links = parts;
      if (links.length < partCount) {
        const more = await service.call<ContestFileStarted>('/contest/file/parts', { token, body: { fileId, partNumbers: Array.from({ length: partCount }, (_, i) => i + 1) } });
        links = more.body.data.parts;
      }
      for (const { partNumber, url } of links) {
        const chunk = bytes.subarray((partNumber - 1) * partSize, partNumber * partSize);
        const put = await fetch(absolute(url), { method: 'PUT', body: new Uint8Array(chunk) });
        if (put.status !== 200) throw new Error(`part ${partNumber} upload answered ${put.status}`);
      }
      return service.call<ContestFileView>('/contest/file/finish', { token, body: { fileId } });
    },
    setNow(iso) {
      clock.now = iso === null ? realNow : () => new Date(iso);
    },
  };
}
