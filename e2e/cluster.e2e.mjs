import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { namespacesAvailable } from './cluster/hosts.mjs';
import { startKubernetesCluster, SUBSTITUTIONS } from './cluster/kubernetes-cluster.mjs';

const run = promisify(execFile);
const JOURNEY = join(import.meta.dirname, 'cluster/browser-journey.mjs');

/** A real 1080p H.264 clip above the upload minimum (10 MB), made by ffmpeg. */
async function clip(dir) {
  const out = join(dir, 'clip.mp4');
  await run(process.env.FFMPEG_PATH ?? 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '32M', '-maxrate', '32M', '-bufsize', '64M', '-pix_fmt', 'yuv420p', out]);
  return out;
}

const available = namespacesAvailable();
const skip = available.ok ? false : `network namespaces cannot be made here (${available.reason}); the rendered overlays are still checked offline by apps/standalone/test/kubernetes-manifests.spec.ts`;

/**
 * The staging overlay run as a cluster runs it: every Deployment's container on a host of its own
 * with exactly the environment its rendered Deployment gives it (ConfigMaps and the operator's
 * Secrets resolved), Services as their own addresses and ports, the ingress's rules as the only
 * way in. Stand-ins for what cannot run here are listed in SUBSTITUTIONS and nothing else differs.
 */
describe('Kubernetes overlay run as a cluster runs it', { skip }, () => {
  let dir;
  let clipPath;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mkt-cluster-test-'));
    clipPath = await clip(dir);
    console.log(`  stand-ins: ${Object.entries(SUBSTITUTIONS).map(([key, { value, why }]) => `${key}=${value} (${why})`).join('; ')}`);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const journey = (cluster) =>
    cluster.browse(JOURNEY, {
      STORE_URL: cluster.publicUrls.store,
      FILES_URL: cluster.publicUrls.files,
      INBOX_URL: cluster.publicUrls.inbox,
      ADMIN_USERNAME: cluster.secrets['identity-initial-admin'].INITIAL_ADMIN_USERNAME,
      ADMIN_PASSWORD: cluster.secrets['identity-initial-admin'].INITIAL_ADMIN_PASSWORD,
      CLIP_PATH: clipPath,
    });

  it('takes a contributor upload to a published material and an order to its licence and original, through the ingress only', async () => {
    const cluster = await startKubernetesCluster({ overlay: 'staging', log: (line) => console.log(`  ${line}`) });
    try {
      const result = await journey(cluster);
      console.log(result.output.split('\n').filter(Boolean).map((line) => `    ${line}`).join('\n'));
      assert.equal(result.code, 0, `the journey failed:\n${result.output}\n--- logs ---\n${Object.entries(cluster.logs()).map(([name, text]) => `[${name}]\n${text.slice(-3000)}`).join('\n')}`);
      assert.match(result.output, /licence and original downloaded/);
      // Nothing went wrong on the way that a person would have to look into.
      const errors = Object.entries(cluster.pods).flatMap(([name, pod]) =>
        pod.output
          .text()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line))
          .filter((line) => line.level >= 50)
          .map((line) => `${name}: ${line.msg}`),
      );
      assert.deepEqual(errors, []);
    } finally {
      await cluster.stop();
    }
  });

  // Each fault an operator met on a first rollout, put back into the rendered objects: the same
  // journey must fail on it.
  const faults = {
    'IDENTITY_URL at the pod port instead of the Service port': (objects) => {
      for (const map of objects.filter((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('catalogue-config'))) map.data.IDENTITY_URL = 'http://identity:8080';
      for (const map of objects.filter((o) => o.kind === 'ConfigMap' && /^(uploads|orders|licensing)-config/.test(o.metadata.name))) map.data.IDENTITY_URL = 'http://identity:8080';
      return objects;
    },
    'no S3_PUBLIC_URL: signed links point inside the cluster': (objects) => {
      for (const map of objects.filter((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('marketplace-common'))) delete map.data.S3_PUBLIC_URL;
      return objects;
    },
    'no ingress to the object store': (objects) => objects.filter((o) => !(o.kind === 'Ingress' && o.metadata.name === 'marketplace-files')),
  };
  for (const [fault, mutate] of Object.entries(faults)) {
    it(`fails when the manifests have a known fault: ${fault}`, { skip: process.env.CLUSTER_FAULTS === 'off' }, async () => {
      const cluster = await startKubernetesCluster({ overlay: 'staging', mutate, subnet: '10.235' });
      try {
        const result = await journey(cluster);
        assert.notEqual(result.code, 0, `the journey passed with the fault "${fault}"`);
        console.log(`    failed as it must: ${result.output.split('\n').filter((line) => /Error|assert/i.test(line)).slice(0, 2).join(' ').slice(0, 300)}`);
      } finally {
        await cluster.stop();
      }
    });
  }
});
