import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SERVICES } from '../../../deploy/service-routes.mjs';
import { SharePagePaths } from '@mkt/contracts';
import { composeAddresses, generatedAddressFiles, peerUrl, peerVariable, SERVICE_PEERS, STORE_SHELL_READERS, storeShellUrl } from '../../../deploy/topology.mjs';
import { containerEnvironment, ofKind, renderOverlay, type RenderedObject } from '../../../e2e/cluster/rendered.mjs';

/**
 * Every overlay as `kubectl kustomize` renders it, checked offline: each object against the
 * Kubernetes API schemas (kubernetes-models), and the addresses in it against each other and
 * deploy/topology.mjs. The cluster-shaped test (e2e/cluster.e2e.mjs) runs the staging overlay;
 * this is what still holds where network namespaces cannot be made.
 */
const ROOT = join(import.meta.dirname, '../../..');
const OVERLAYS = ['staging', 'production'];

type K8sObject = RenderedObject;

async function validate(object: K8sObject): Promise<string | null> {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : [null, object.apiVersion];
  const module = await import(`kubernetes-models/${group ? `${group}/` : ''}${version}/${object.kind}`);
  const Model = module[object.kind];
  try {
    new Model(object).validate();
    return null;
  } catch (error) {
    return `${object.kind} ${object.metadata.name}: ${(error as Error).message}`;
  }
}

/** The Secrets k8s/README.md tells the operator to create, with their keys. */
function documentedSecrets(): Record<string, Record<string, string>> {
  const readme = readFileSync(join(ROOT, 'k8s/README.md'), 'utf8');
  const secrets: Record<string, Record<string, string>> = {};
  for (const [, name, body] of readme.matchAll(/create secret generic "?([\w$-]+)"?((?:[^\n]*\\\n)*[^\n]*)/g)) {
    const keys = Object.fromEntries([...body!.matchAll(/--from-literal=(\w+)=/g)].map(([, key]) => [key!, 'x']));
    const names = name!.includes('$svc') ? SERVICES.map((service) => name!.replace('$svc', service)) : [name!];
    for (const each of names) secrets[each] = keys;
  }
  return secrets;
}

const rendered = Object.fromEntries(OVERLAYS.map((overlay) => [overlay, renderOverlay(overlay) as K8sObject[]]));

describe.each(OVERLAYS)('the %s overlay, rendered', (overlay) => {
  const objects = rendered[overlay]!;
  const common = () => ofKind(objects, 'ConfigMap').find((c: K8sObject) => c.metadata.name.startsWith('marketplace-common'))!.data as Record<string, string>;

  it('is valid against the Kubernetes API schemas, object by object', async () => {
    // One at a time: jest's ESM loader fails concurrent first imports of one shared module.
    const problems: string[] = [];
    for (const object of objects) {
      const problem = await validate(object);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
    // The validator can fail: a Deployment without its selector and with a port by name where a number goes.
    const deployment = structuredClone(objects.find((o) => o.kind === 'Deployment')!);
    delete deployment.spec.selector;
    deployment.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(await validate(deployment)).toMatch(/selector|containerPort/);
  });

  it('runs every service with its Deployment, Service, autoscaler and disruption budget, each starting with the documented Secrets', () => {
    const secrets = documentedSecrets();
    for (const service of [...SERVICES, 'web']) {
      for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']) {
        expect(objects.some((o) => o.kind === kind && o.metadata.name === service) ? `${kind} ${service}` : `no ${kind} ${service}`).toBe(`${kind} ${service}`);
      }
    }
    for (const deployment of ofKind(objects, 'Deployment')) {
      for (const container of deployment.spec.template.spec.containers) expect(() => containerEnvironment(objects, container, secrets)).not.toThrow();
    }
  });

  it('calls peers at their Service port, never at the pod port', () => {
    const services = new Map(ofKind(objects, 'Service').map((s: K8sObject) => [s.metadata.name, s]));
    for (const [service, peers] of Object.entries(SERVICE_PEERS)) {
      const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === service)!;
      const env = containerEnvironment(objects, deployment.spec.template.spec.containers[0], documentedSecrets());
      // The store's shell comes from the web bundles' Service like any peer's answer (shared pages, ADR 0029).
      const addresses = [...peers.map((peer) => env[peerVariable(peer)]!), ...(STORE_SHELL_READERS.includes(service) ? [env.STORE_SHELL_URL!] : [])];
      for (const address of addresses) {
        const url = new URL(address);
        const target = services.get(url.hostname.split('.')[0]!)!;
        expect(target).toBeDefined();
        const ports = target.spec.ports.map((p: { port: number }) => p.port);
        expect(ports).toContain(Number(url.port || (url.protocol === 'https:' ? 443 : 80)));
      }
      if (STORE_SHELL_READERS.includes(service)) expect(new URL(env.STORE_SHELL_URL!)).toMatchObject({ hostname: 'web', pathname: '/index.html' });
      else expect(env.STORE_SHELL_URL).toBeUndefined();
    }
  });

  it('gives browsers signed links on a public host the ingress sends to the object store, over TLS', () => {
    const { PUBLIC_URL, S3_PUBLIC_URL, S3_ENDPOINT, S3_PORT } = common();
    expect(S3_PUBLIC_URL).toBeDefined();
    const routes = ofKind(objects, 'Ingress').flatMap((ingress: K8sObject) =>
      ingress.spec.rules.map((rule: { host: string; http: { paths: { path: string; backend: { service: { name: string; port: { number?: number } } } }[] } }) => ({
        host: rule.host,
        tls: (ingress.spec.tls ?? []).some((t: { hosts: string[] }) => t.hosts.includes(rule.host)),
        root: rule.http.paths.find((p) => p.path === '/')?.backend.service,
      })),
    );
    const files = routes.find((route: { host: string }) => route.host === new URL(S3_PUBLIC_URL!).hostname)!;
    expect(files).toMatchObject({ tls: new URL(S3_PUBLIC_URL!).protocol === 'https:' });
    const objectStore = objects.find((o) => o.kind === 'Service' && o.metadata.name === files.root.name)!;
    expect({ type: objectStore.spec.type, externalName: objectStore.spec.externalName, port: files.root.port.number }).toEqual({ type: 'ExternalName', externalName: S3_ENDPOINT, port: Number(S3_PORT) });
    const store = routes.find((route: { host: string }) => route.host === new URL(PUBLIC_URL!).hostname);
    expect(store).toMatchObject({ tls: true, root: { name: 'web' } });
  });
});

describe('addresses from deploy/topology.mjs', () => {
  it('has its generated files current', () => {
    for (const [path, content] of Object.entries(generatedAddressFiles())) expect(readFileSync(join(ROOT, path), 'utf8')).toBe(content);
  });

  it('gives docker-compose the same addresses and peers', () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, { environment: Record<string, string> }> };
    for (const service of SERVICES) {
      const env = compose.services[service]!.environment;
      expect(Object.fromEntries(Object.keys(composeAddresses()).map((key) => [key, env[key]]))).toEqual(composeAddresses());
      for (const peer of (SERVICE_PEERS as Record<string, string[]>)[service] ?? []) expect(env[peerVariable(peer)]).toBe(peerUrl('compose', peer));
      if (service === 'identity') expect(env.IDENTITY_URL).toBeUndefined();
      expect([service, env.STORE_SHELL_URL]).toEqual([service, STORE_SHELL_READERS.includes(service) ? storeShellUrl('compose') : undefined]);
    }
    // Exactly the services that answer shared store pages read the shell.
    expect([...STORE_SHELL_READERS].sort()).toEqual(Object.keys(SharePagePaths).sort());
  });
});
