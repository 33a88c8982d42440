import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import { parse, parseAllDocuments } from 'yaml';
import { CatalogueModule } from '@mkt/catalogue';
import { ContestsModule } from '@mkt/contests';
import { IdentityModule } from '@mkt/identity';
import { LicensingModule } from '@mkt/licensing';
import { OrdersModule } from '@mkt/orders';
import { PayoutsModule } from '@mkt/payouts';
import { UploadsModule } from '@mkt/uploads';

/**
 * In the distributed mode nothing composes the services: nginx (docker-compose) and the ingress
 * (k8s) send each path to a service by prefix. A path a service serves but the proxies send
 * elsewhere works in the single process and fails only once deployed, so every store and console
 * route of every service is checked against both.
 */
const ROOT = join(import.meta.dirname, '../../..');
const SERVICES: Record<string, Type> = { identity: IdentityModule, catalogue: CatalogueModule, uploads: UploadsModule, orders: OrdersModule, licensing: LicensingModule, payouts: PayoutsModule, contests: ContestsModule };

/** Every route of a service's own controllers (and of its static sub-modules), with params filled in. */
function routesOf(module: Type): string[] {
  const controllers: Type[] = Reflect.getMetadata('controllers', module) ?? [];
  const subModules = ((Reflect.getMetadata('imports', module) ?? []) as unknown[]).filter((m): m is Type => typeof m === 'function');
  const own = controllers.flatMap((controller) => {
    const base = String(Reflect.getMetadata('path', controller) ?? '');
    const handlers = Object.getOwnPropertyNames(controller.prototype).filter((name) => name !== 'constructor' && Reflect.hasMetadata('method', controller.prototype[name]));
    return handlers.map((name) => {
      const path = String(Reflect.getMetadata('path', controller.prototype[name]) ?? '');
      return `/${[base, path].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/').replace(/:[^/]+/g, 'x');
    });
  });
  return [...own, ...subModules.flatMap(routesOf)].filter((path) => path.startsWith('/api/') || path.startsWith('/admin-api/'));
}

/** nginx's choice: an exact `location =` first, else the first regex location in file order. */
function nginxOwner(locations: { exact: boolean; pattern: string; service: string }[], path: string): string | null {
  const exact = locations.find((l) => l.exact && l.pattern === path);
  if (exact) return exact.service;
  return locations.find((l) => !l.exact && new RegExp(l.pattern).test(path))?.service ?? null;
}

/** The ingress's choice: the longest Prefix path that matches whole segments. */
function ingressOwner(paths: { path: string; service: string }[], path: string): string | null {
  const matching = paths.filter((p) => p.path === '/' || path === p.path || path.startsWith(`${p.path}/`));
  return matching.sort((a, b) => b.path.length - a.path.length)[0]?.service ?? null;
}

describe('distributed routing', () => {
  const routes = Object.entries(SERVICES).flatMap(([service, module]) => routesOf(module).map((path) => ({ service, path })));

  it('finds the routes of every service', () => {
    const count = (service: string) => routes.filter((r) => r.service === service).length;
    for (const service of Object.keys(SERVICES)) expect(count(service)).toBeGreaterThan(3);
    expect(routes).toContainEqual({ service: 'orders', path: '/api/project/download' });
    expect(routes).toContainEqual({ service: 'identity', path: '/admin-api/projects/x' });
    expect(routes).toContainEqual({ service: 'payouts', path: '/api/bill/statement/list' });
    expect(routes).toContainEqual({ service: 'payouts', path: '/admin-api/remittances/x' });
    expect(routes).toContainEqual({ service: 'contests', path: '/api/home/gameList' });
  });

  it('sends every route to its service in docker-compose (nginx)', () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as { configs: Record<string, { content: string }> };
    const config = compose.configs['web-routes']!.content.replaceAll('$$', '$');
    const locations = [...config.matchAll(/location\s+(=|~)\s+(\S+)\s*\{\s*proxy_pass\s+\$(\w+);/g)].map(([, kind, pattern, service]) => ({ exact: kind === '=', pattern: pattern!, service: service! }));
    expect(locations.length).toBeGreaterThan(5);
    const wrong = routes.filter((r) => nginxOwner(locations, r.path) !== r.service).map((r) => `${r.path}: ${r.service}, nginx sends it to ${nginxOwner(locations, r.path)}`);
    expect(wrong).toEqual([]);
  });

  it('sends every route to its service in Kubernetes (ingress)', () => {
    const [ingress] = parseAllDocuments(readFileSync(join(ROOT, 'k8s/base/ingress.yaml'), 'utf8')).map((d) => d.toJS());
    const paths = (ingress.spec.rules[0].http.paths as { path: string; backend: { service: { name: string } } }[]).map((p) => ({ path: p.path, service: p.backend.service.name }));
    const wrong = routes.filter((r) => ingressOwner(paths, r.path) !== r.service).map((r) => `${r.path}: ${r.service}, the ingress sends it to ${ingressOwner(paths, r.path)}`);
    expect(wrong).toEqual([]);
  });

  it('never routes the /metrics or /health of a service from the public edge (nginx or ingress)', () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as { configs: Record<string, { content: string }> };
    const config = compose.configs['web-routes']!.content.replaceAll('$$', '$');
    const locations = [...config.matchAll(/location\s+(=|~)\s+(\S+)\s*\{\s*proxy_pass\s+\$(\w+);/g)].map(([, kind, pattern, service]) => ({ exact: kind === '=', pattern: pattern!, service: service! }));
    const [ingress] = parseAllDocuments(readFileSync(join(ROOT, 'k8s/base/ingress.yaml'), 'utf8')).map((d) => d.toJS());
    const paths = (ingress.spec.rules[0].http.paths as { path: string; backend: { service: { name: string } } }[]).map((p) => ({ path: p.path, service: p.backend.service.name }));
    for (const path of ['/metrics', '/health/ready', '/health/live']) {
      expect(Object.keys(SERVICES)).not.toContain(nginxOwner(locations, path));
      expect(Object.keys(SERVICES)).not.toContain(ingressOwner(paths, path));
    }
    // Every proxied path is below /api or /admin-api.
    expect(locations.filter((l) => !/^\^?\/(api|admin-api)\//.test(l.pattern))).toEqual([]);
    expect(paths.filter((p) => p.path !== '/' && !/^\/(api|admin-api)(\/|$)/.test(p.path))).toEqual([]);
  });
});
