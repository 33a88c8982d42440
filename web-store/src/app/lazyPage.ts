import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadChunk } from './chunkLoading';

/** A route page in its own chunk, loaded under the spec's chunk timeout. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, chunk: string): LazyExoticComponent<ComponentType> {
  return lazy(() => loadChunk(load, chunk));
}
