import { LocalDiskObjectStorage } from './local-disk.object-storage.js';
import { MinioObjectStorage } from './minio.object-storage.js';
import type { ObjectStorage } from './object-storage.port.js';
import type { ResolvedStorageOptions } from './storage.options.js';

/** The one place that maps configuration to an adapter. */
export function createObjectStorage(options: ResolvedStorageOptions): ObjectStorage {
  switch (options.driver) {
    case 'local':
      return new LocalDiskObjectStorage(options);
    case 'minio':
      return new MinioObjectStorage(options);
  }
}
