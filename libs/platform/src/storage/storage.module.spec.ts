import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { createHttpAdapter } from '../http/http-app.js';
import { LocalDiskObjectStorage } from './local-disk.object-storage.js';
import { MinioObjectStorage } from './minio.object-storage.js';
import { OBJECT_STORAGE, type ObjectStorage } from './object-storage.port.js';
import { StorageModule } from './storage.module.js';
import { parseStorageOptions } from './storage.options.js';
import { startLocalStorageTestApp } from './testing/local-storage.test-app.js';

const SECRET = 'a-signing-secret-of-at-least-32-characters';
const minioOptions = {
  driver: 'minio' as const,
  endPoint: 'minio.internal',
  port: 9000,
  useSSL: false,
  accessKey: 'access',
  secretKey: 'secret-key-value',
  region: 'us-east-1',
  bucketPrefix: 'mkt-',
};

/** A business service elsewhere in the app: it sees the port only. */
@Injectable()
class MaterialFiles {
  constructor(@Inject(OBJECT_STORAGE) readonly storage: ObjectStorage) {}
}

@Module({ providers: [MaterialFiles], exports: [MaterialFiles] })
class MaterialsModule {}

const CONFIG = Symbol('CONFIG');
@Module({ providers: [{ provide: CONFIG, useValue: { storage: minioOptions } }], exports: [CONFIG] })
class FakeConfigModule {}

describe('StorageModule', () => {
  let dataDir: string;
  const apps: INestApplication[] = [];
  const servers: Server[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'storage-module-'));
  });

  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
    for (const app of apps.splice(0)) await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function serve(storageModule: DynamicModule): Promise<{ app: INestApplication; baseUrl: string }> {
    const moduleRef = await Test.createTestingModule({ imports: [storageModule, MaterialsModule] }).compile();
    const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter([]), { logger: false, bodyParser: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    apps.push(app);
    const server = createServer(app.getHttpAdapter().getInstance().routing);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return { app, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it('gives business code the local disk store, with its file routes, for the local driver', async () => {
    const { app, baseUrl } = await serve(
      StorageModule.forRoot({ driver: 'local', dataDir, publicBaseUrl: 'http://127.0.0.1:1', signingSecret: SECRET }),
    );
    expect(app.get(MaterialFiles).storage).toBeInstanceOf(LocalDiskObjectStorage);
    const response = await fetch(`${baseUrl}/files/originals/a.mp4?expires=1&sig=x`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 1003, success: false });
  });

  it('gives the MinIO store and no file routes for the minio driver', async () => {
    const { app, baseUrl } = await serve(StorageModule.forRoot(minioOptions));
    const storage = app.get(MaterialFiles).storage;
    expect(storage).toBeInstanceOf(MinioObjectStorage);
    expect((storage as MinioObjectStorage).physicalBucket('originals')).toBe('mkt-originals');
    const response = await fetch(`${baseUrl}/files/originals/a.mp4?expires=1&sig=x`);
    expect(response.status).toBe(404);
    expect(await response.json()).not.toHaveProperty('code');
  });

  it('resolves the options from injected providers in forRootAsync', async () => {
    const { app, baseUrl } = await serve(
      StorageModule.forRootAsync({
        imports: [FakeConfigModule],
        inject: [CONFIG],
        useFactory: (config: { storage: typeof minioOptions }) => config.storage,
      }),
    );
    expect(app.get(MaterialFiles).storage).toBeInstanceOf(MinioObjectStorage);
    // The async form registers the routes before it knows the driver; they stay shut.
    const response = await fetch(`${baseUrl}/files/originals/a.mp4?expires=1&sig=x`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 1004, success: false, data: null });
  });

  it('serves signed links with forRootAsync on the local driver', async () => {
    const running = await startLocalStorageTestApp(dataDir, { async: true });
    try {
      await running.storage.ensureBucket('originals');
      await running.storage.put('originals', 'a.txt', Buffer.from('hello'));
      const response = await fetch(await running.storage.signedGetUrl('originals', 'a.txt', 60));
      expect(await response.text()).toBe('hello');
    } finally {
      await running.close();
    }
  });

  it('refuses invalid options at start, naming the option but never echoing secrets', async () => {
    const shortSecret = 'too-short-secret';
    expect(() => StorageModule.forRoot({ driver: 'local', dataDir, publicBaseUrl: 'not a url', signingSecret: shortSecret })).toThrow(
      /publicBaseUrl[\s\S]*signingSecret: must be at least 32 characters/,
    );
    let message = '';
    try {
      StorageModule.forRoot({ driver: 'local', dataDir, publicBaseUrl: 'http://x', signingSecret: shortSecret });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/signingSecret/);
    expect(message).not.toContain(shortSecret);
    await expect(
      Test.createTestingModule({
        imports: [StorageModule.forRootAsync({ useFactory: () => ({ ...minioOptions, bucketPrefix: 'UPPER_' }) })],
      }).compile(),
    ).rejects.toThrow(/bucketPrefix/);
  });
});

describe('parseStorageOptions', () => {
  it('fills defaults and accepts an unset port, as the app configuration produces it', () => {
    expect(parseStorageOptions({ ...minioOptions, port: undefined, region: undefined, bucketPrefix: undefined })).toEqual({
      ...minioOptions,
      port: undefined,
      region: 'us-east-1',
      bucketPrefix: '',
    });
  });

  it('refuses an unknown driver', () => {
    expect(() => parseStorageOptions({ driver: 's3' })).toThrow(/Invalid storage options/);
  });
});
