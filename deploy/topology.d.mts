export type Platform = 'kubernetes' | 'compose';
export interface Address {
  host: string;
  port: number;
  useSSL?: boolean;
}
export const CONTAINER_PORT: number;
export const CLUSTER_SERVICE_PORT: number;
export const SERVICE_PEERS: Readonly<Record<string, readonly string[]>>;
export function peerVariable(peer: string): string;
export function peerUrl(platform: Platform, peer: string): string;
export const STORE_SHELL_READERS: readonly string[];
export function storeShellUrl(platform: Platform): string;
export const INFRASTRUCTURE: Readonly<Record<Platform, { kafka: Address; objectStore: Address; opensearch: Address }>>;
export const PUBLIC_HOSTS: Readonly<Record<string, { store: string; files: string; tlsIssuer: string | null }>>;
export const COMPOSE_PUBLIC: { store: string; files: string };
export const OBJECT_STORE_SERVICE: string;
export function kubernetesAddresses(environment: string): Record<string, string>;
export function composeAddresses(): Record<string, string>;
export function generatedAddressFiles(): Record<string, string>;
