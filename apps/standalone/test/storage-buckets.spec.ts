import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { BUCKET_NAMES } from '@mkt/platform';

/**
 * The buckets the code writes are created by docker-compose's minio-init and the Kubernetes
 * storage-init Job from copies of one list: a bucket missing there works only while the
 * application's key may create buckets, and then without the intended private policy.
 */
const ROOT = join(import.meta.dirname, '../../..');

describe('storage buckets in the deployments', () => {
  it('docker-compose creates exactly the buckets of the list, private', () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, { environment: Record<string, string>; entrypoint: string[] }> };
    const init = compose.services['minio-init']!;
    expect(init.environment.BUCKET_NAMES!.split(/\s+/)).toEqual(BUCKET_NAMES);
    expect(init.entrypoint.join('\n')).toMatch(/for name in \$\$BUCKET_NAMES[\s\S]*mc anonymous set none/);
  });

  it('the Kubernetes storage-init Job creates exactly the buckets of the list, private', () => {
    const kustomization = parse(readFileSync(join(ROOT, 'k8s/base/kustomization.yaml'), 'utf8')) as { resources: string[]; configMapGenerator: { name: string; literals: string[] }[] };
    const literal = kustomization.configMapGenerator.find((c) => c.name === 'marketplace-buckets')!.literals.find((l) => l.startsWith('BUCKET_NAMES='))!;
    expect(literal.slice('BUCKET_NAMES='.length).split(/\s+/)).toEqual(BUCKET_NAMES);
    expect(kustomization.resources).toContain('storage-init.yaml');
    const job = parse(readFileSync(join(ROOT, 'k8s/base/storage-init.yaml'), 'utf8')) as { spec: { template: { spec: { containers: { args: string[]; envFrom: { configMapRef?: { name: string } }[] }[] } } } };
    const [container] = job.spec.template.spec.containers;
    expect(container!.envFrom.map((e) => e.configMapRef?.name)).toContain('marketplace-buckets');
    expect(container!.args.join('\n')).toMatch(/for name in \$BUCKET_NAMES[\s\S]*mc anonymous set none/);
  });
});
