import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import { parse, parseAllDocuments } from 'yaml';
import { SharePagePaths } from '@mkt/contracts';
import { CatalogueModule } from '@mkt/catalogue';
import { ContestsModule } from '@mkt/contests';
import { IdentityModule } from '@mkt/identity';
import { LicensingModule } from '@mkt/licensing';
import { OrdersModule } from '@mkt/orders';
import { PayoutsModule } from '@mkt/payouts';
import { UploadsModule } from '@mkt/uploads';
import { generatedRouteFiles, routeOwner, SERVICE_ROUTES, SERVICES } from '../../../deploy/service-routes.mjs';

/**
 * In the distributed mode nothing composes the services: nginx (docker-compose) and the ingress
 * (k8s) send each path to a service, both generated from one route table (deploy/service-routes.mjs).
 * A path a service serves but the proxies send elsewhere works in the single process and fails
 * only once deployed, so every store and console route of every service is checked against the
 * table, and the generated files against the table.
 */
const ROOT = join(import.meta.dirname, '../../..');
const SERVICES_UNDER_TEST: Record<string, Type> = { identity: IdentityModule, catalogue: CatalogueModule, uploads: UploadsModule, orders: OrdersModule, licensing: LicensingModule, payouts: PayoutsModule, contests: ContestsModule };
/** The store pages a service answers itself for shared links (ADR 0029), outside /api. */
const SHARE_PAGES = new Set<string>(Object.values(SharePagePaths).flatMap((pages) => Object.values(pages).flat()));

/** Every public route of a service's own controllers (and of its static sub-modules), with params filled in. */
function routesOf(module: Type): string[] {
  const controllers: Type[] = Reflect.getMetadata('controllers', module) ?? [];
  const subModules = ((Reflect.getMetadata('imports', module) ?? []) as unknown[]).filter((m): m is Type => typeof m === 'function');
  const own = controllers.flatMap((controller) => {
    const base = String(Reflect.getMetadata('path', controller) ?? '');
    const handlers = Object.getOwnPropertyNames(controller.prototype).filter((name) => name !== 'constructor' && Reflect.hasMetadata('method', controller.prototype[name]));
    // A handler may answer several paths (the share pages' /Detail and /detail).
    return handlers.flatMap((name) =>
      [Reflect.getMetadata('path', controller.prototype[name]) ?? ''].flat().map((path: string) => `/${[base, path].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/').replace(/:[^/]+/g, 'x')),
    );
  });
  return [...own, ...subModules.flatMap(routesOf)].filter((path) => path.startsWith('/api/') || path.startsWith('/admin-api/') || SHARE_PAGES.has(path));
}

/** nginx's choice: an exact `location =` first, else the first regex location in file order. */
function nginxOwner(locations: { exact: boolean; pattern: string; service: string }[], path: string): string | null {
  const exact = locations.find((l) => l.exact && l.pattern === path);
  if (exact) return exact.service;
  return locations.find((l) => !l.exact && new RegExp(l.pattern).test(path))?.service ?? null;
}

/** The ingress's choice: an Exact path, else the longest Prefix path that matches whole segments. */
function ingressOwner(paths: { path: string; pathType: string; service: string }[], path: string): string | null {
  const exact = paths.find((p) => p.pathType === 'Exact' && p.path === path);
  if (exact) return exact.service;
  const matching = paths.filter((p) => p.pathType === 'Prefix' && (p.path === '/' || path === p.path || path.startsWith(`${p.path}/`)));
  return matching.sort((a, b) => b.path.length - a.path.length)[0]?.service ?? null;
}

function nginxLocations() {
  const config = readFileSync(join(ROOT, 'deploy/nginx-routes.conf'), 'utf8');
  return [...config.matchAll(/location\s+(=|~)\s+(\S+)\s*\{\s*proxy_pass\s+\$(\w+);/g)].map(([, kind, pattern, service]) => ({ exact: kind === '=', pattern: pattern!, service: service! }));
}

function ingressPaths() {
  const [ingress] = parseAllDocuments(readFileSync(join(ROOT, 'k8s/base/ingress.yaml'), 'utf8')).map((d) => d.toJS());
  return (ingress.spec.rules[0].http.paths as { path: string; pathType: string; backend: { service: { name: string } } }[]).map((p) => ({ path: p.path, pathType: p.pathType, service: p.backend.service.name }));
}

describe('distributed routing', () => {
  const routes = Object.entries(SERVICES_UNDER_TEST).flatMap(([service, module]) => routesOf(module).map((path) => ({ service, path })));

  it('finds the routes of every service', () => {
    const count = (service: string) => routes.filter((r) => r.service === service).length;
    for (const service of Object.keys(SERVICES_UNDER_TEST)) expect(count(service)).toBeGreaterThan(3);
    expect(routes).toContainEqual({ service: 'orders', path: '/api/project/download' });
    expect(routes).toContainEqual({ service: 'identity', path: '/admin-api/projects/x' });
    expect(routes).toContainEqual({ service: 'payouts', path: '/api/bill/statement/list' });
    expect(routes).toContainEqual({ service: 'payouts', path: '/admin-api/remittances/x' });
    expect(routes).toContainEqual({ service: 'contests', path: '/api/home/gameList' });
    expect(routes).toContainEqual({ service: 'catalogue', path: '/detailpic' });
    expect(routes).toContainEqual({ service: 'contests', path: '/postActivityDetail' });
  });

  it('claims exactly the shared store pages each service answers, and no other page', () => {
    const claimed = (service: string) => SERVICE_ROUTES.filter((r) => r.service === service).flatMap((r) => r.exact ?? []).filter((p) => !p.startsWith('/api/')).sort();
    for (const [service, pages] of Object.entries(SharePagePaths)) {
      expect([service, claimed(service)]).toEqual([service, Object.values(pages).flat().sort()]);
      expect([service, routes.filter((r) => r.service === service && SHARE_PAGES.has(r.path)).map((r) => r.path).sort()]).toEqual([service, Object.values(pages).flat().sort()]);
    }
    // The members' board page shows nothing of a board to a link's preview: the store answers it.
    expect(routeOwner('/Board')).toBeNull();
  });

  it('sends every route to its service in the route table', () => {
    const wrong = routes.filter((r) => routeOwner(r.path) !== r.service).map((r) => `${r.path}: ${r.service}, the table sends it to ${routeOwner(r.path)}`);
    expect(wrong).toEqual([]);
    expect([...SERVICES].sort()).toEqual(Object.keys(SERVICES_UNDER_TEST).sort());
  });

  it('has nginx (docker compose) and the ingress (Kubernetes) generated from the table, and current', () => {
    for (const [path, content] of Object.entries(generatedRouteFiles())) expect(readFileSync(join(ROOT, path), 'utf8')).toBe(content);
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as { configs: Record<string, { file?: string }> };
    expect(compose.configs['web-routes']!.file).toBe('./deploy/nginx-routes.conf');
  });

  it('makes nginx and the ingress choose as the table does, for every route and for paths near them', () => {
    const locations = nginxLocations();
    const paths = ingressPaths();
    const probes = [...routes.map((r) => r.path), ...SERVICE_ROUTES.flatMap((r) => [...(r.exact ?? []), ...(r.prefixes ?? [])].flatMap((p) => [p, `${p}/x`, `${p}x`, `${p}/`]))];
    const table = (path: string) => routeOwner(path) ?? 'web';
    const wrongNginx = probes.filter((path) => (nginxOwner(locations, path) ?? 'web') !== table(path));
    const wrongIngress = probes.filter((path) => ingressOwner(paths, path) !== table(path));
    expect(wrongNginx).toEqual([]);
    expect(wrongIngress).toEqual([]);
  });

  it('never routes the /metrics or /health of a service from the public edge (nginx or ingress)', () => {
    const locations = nginxLocations();
    const paths = ingressPaths();
    for (const path of ['/metrics', '/health/ready', '/health/live', '/internal/sessions/introspect']) {
      expect(routeOwner(path)).toBeNull();
      expect(nginxOwner(locations, path)).toBeNull();
      expect(ingressOwner(paths, path)).toBe('web');
    }
    // Every proxied path is below /api or /admin-api, or a shared store page.
    expect(SERVICE_ROUTES.flatMap((r) => [...(r.exact ?? []), ...(r.prefixes ?? [])]).filter((p) => !/^\/(api|admin-api)(\/|$)/.test(p) && !SHARE_PAGES.has(p))).toEqual([]);
  });
});
