import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { startServiceProcess, type RunningServiceProcess } from '@mkt/platform';
import { createTestDatabase, type TestDatabase } from '@mkt/platform/testing';
import { IdentityModule } from '../src/identity.module.js';

export interface Harness {
  server: RunningServiceProcess;
  db: TestDatabase;
  call<T = unknown>(path: string, options?: { body?: unknown; token?: string; lang?: string; raw?: string }): Promise<Reply<T>>;
  admin<T = unknown>(method: string, path: string, options?: { token?: string; body?: unknown; lang?: string }): Promise<Reply<T>>;
  codeFor(account: string): Promise<string>;
  signIn(account: string): Promise<string>;
  staffToken(username: string, password: string): Promise<string>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface Reply<T> {
  status: number;
  body: T & { code?: number; success?: boolean; message?: string; data?: never };
  headers: Headers;
}

/** The identity service on a real HTTP port with its own fresh database. */
export async function startIdentity(extraEnv: Record<string, string> = {}): Promise<Harness> {
  const db = await createTestDatabase('identity');
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-identity-'));
  const server = await startServiceProcess({
    title: 'identity under test',
    modules: [IdentityModule],
    env: {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
      ...extraEnv,
    },
  });
  const base = server.url;
  const parse = async <T>(response: Response): Promise<Reply<T>> => ({
    status: response.status,
    body: (await response.json()) as Reply<T>['body'],
    headers: response.headers,
  });
  const harness: Harness = {
    server,
    db,
    async call(path, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': options.lang ?? 'en' };
      if (options.token) headers.access_token = options.token;
      const response = await fetch(`${base}/api${path}`, {
        method: 'POST',
        headers,
        body: options.raw ?? JSON.stringify(options.body ?? {}),
      });
      return parse(response);
    },
    async admin(method, path, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': options.lang ?? 'en' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${base}/admin-api${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      return parse(response);
    },
    async codeFor(account) {
      const response = await fetch(`${base}/dev/mailbox?to=${encodeURIComponent(account)}`);
      const { messages } = (await response.json()) as { messages: { code?: string }[] };
      const code = messages[0]?.code;
      if (!code) throw new Error(`no code in the mailbox for ${account}`);
      return code;
    },
    async signIn(account) {
      // Tests sign the same account in more than once a minute: step past the resend countdown.
      await harness.sql(
        `UPDATE identity.verification_codes SET sent_at = sent_at - interval '2 minutes' WHERE account = $1`,
        [account.trim().toLowerCase()],
      );
      const sent = await harness.call('/user/code/send', { body: { account } });
      if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent.body)}`);
      const login = await harness.call<{ data: { token: string } }>('/user/login', {
        body: { account, code: await harness.codeFor(account) },
      });
      if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
      return (login.body as unknown as { data: { token: string } }).data.token;
    },
    async staffToken(username, password) {
      const reply = await harness.admin<{ token: string }>('POST', '/auth/login', { body: { username, password } });
      if (reply.status !== 200) throw new Error(`staff login failed: ${JSON.stringify(reply.body)}`);
      return reply.body.token;
    },
    async sql(query, params = []) {
      const source = server.app.get<DataSource>(getDataSourceToken('identity'));
      return source.query(query, params);
    },
    async close() {
      await server.stop();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
