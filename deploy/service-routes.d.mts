export interface ServiceRoute {
  service: string;
  note: string;
  exact?: string[];
  prefixes?: string[];
  /** nginx's client_max_body_size for these paths (default 10m). */
  maxBody?: string;
}
export const SERVICE_ROUTES: readonly ServiceRoute[];
export const SERVICES: readonly string[];
export function routeOf(path: string): ServiceRoute | null;
export function routeOwner(path: string): string | null;
export function nginxRoutes(): string;
export function ingressYaml(): string;
export function generatedRouteFiles(): Record<string, string>;
