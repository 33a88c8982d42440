import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Test } from '@nestjs/testing';
import { createHttpAdapter } from '../../http/http-app.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { LocalDiskObjectStorage } from '../local-disk.object-storage.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../object-storage.port.js';
import { StorageModule } from '../storage.module.js';

export interface LocalStorageTestApp {
  storage: LocalDiskObjectStorage;
  baseUrl: string;
  signingSecret: string;
  app: NestFastifyApplication;
  close(): Promise<void>;
}

/**
 * A real Nest app with StorageModule on the local driver, listening on loopback, so signed links
 * are fetched over HTTP exactly as a browser would. The socket is bound first, because the links
 * must carry the port the app listens on.
 */
export async function startLocalStorageTestApp(dataDir: string, driverOptions: { async?: boolean } = {}): Promise<LocalStorageTestApp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingSecret = randomBytes(32).toString('base64url');
  const options = { driver: 'local' as const, dataDir, publicBaseUrl: baseUrl, signingSecret };
  const moduleRef = await Test.createTestingModule({
    imports: [driverOptions.async ? StorageModule.forRootAsync({ useFactory: async () => options }) : StorageModule.forRoot(options)],
  }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter([]), { logger: false, bodyParser: false });
  await app.init();
  // Routes get their hooks when Fastify is ready; listen() would wait for it, init() does not.
  await app.getHttpAdapter().getInstance().ready();
  server.on('request', app.getHttpAdapter().getInstance().routing);
  const storage = app.get<ObjectStorage>(OBJECT_STORAGE);
  if (!(storage instanceof LocalDiskObjectStorage)) throw new Error('StorageModule did not provide the local disk store');
  return {
    storage,
    baseUrl,
    signingSecret,
    app,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}
