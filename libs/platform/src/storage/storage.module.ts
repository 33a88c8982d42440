import { Global, Module, type DynamicModule, type FactoryProvider, type ModuleMetadata } from '@nestjs/common';
import { LocalSignedFilesController } from './local-signed-files.controller.js';
import { createObjectStorage } from './object-storage.factory.js';
import { OBJECT_STORAGE } from './object-storage.port.js';
import { parseStorageOptions, type ResolvedStorageOptions, type StorageOptions } from './storage.options.js';

export const STORAGE_OPTIONS = Symbol('STORAGE_OPTIONS');

export interface StorageModuleAsyncOptions {
  imports?: ModuleMetadata['imports'];
  inject?: FactoryProvider['inject'];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  useFactory: (...args: any[]) => StorageOptions | Promise<StorageOptions>;
}

/**
 * Provides the configured ObjectStorage everywhere as `@Inject(OBJECT_STORAGE)`.
 *
 * The local driver needs LocalSignedFilesController to serve its signed links. `forRoot` knows
 * the driver up front and registers the controller for the local driver only. `forRootAsync`
 * learns the driver only when its factory runs, after Nest has fixed the module's controllers,
 * so it always registers the controller, which then answers 404 unless the local driver runs.
 */
@Global()
@Module({})
export class StorageModule {
  static forRoot(options: StorageOptions): DynamicModule {
    const resolved = parseStorageOptions(options);
    return {
      module: StorageModule,
      global: true,
      controllers: resolved.driver === 'local' ? [LocalSignedFilesController] : [],
      providers: [
        { provide: STORAGE_OPTIONS, useValue: resolved },
        { provide: OBJECT_STORAGE, inject: [STORAGE_OPTIONS], useFactory: createObjectStorage },
      ],
      exports: [OBJECT_STORAGE],
    };
  }

  static forRootAsync(options: StorageModuleAsyncOptions): DynamicModule {
    return {
      module: StorageModule,
      global: true,
      imports: options.imports ?? [],
      controllers: [LocalSignedFilesController],
      providers: [
        {
          provide: STORAGE_OPTIONS,
          inject: options.inject ?? [],
          useFactory: async (...args: unknown[]): Promise<ResolvedStorageOptions> => parseStorageOptions(await options.useFactory(...args)),
        },
        { provide: OBJECT_STORAGE, inject: [STORAGE_OPTIONS], useFactory: createObjectStorage },
      ],
      exports: [OBJECT_STORAGE],
    };
  }
}
