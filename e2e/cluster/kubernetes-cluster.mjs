import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { EmbeddedPostgresServer } from '@mkt/platform';
import { INFRASTRUCTURE } from '../../deploy/topology.mjs';
import { TestNetwork } from './hosts.mjs';
import { startMailSink } from './mail-sink.mjs';
import { forwardTcp } from './tcp-forward.mjs';
import { containerEnvironment, emptyDirMounts, ofKind, renderOverlay, selectedDeployment, targetContainerPort } from './rendered.mjs';

const ROOT = join(import.meta.dirname, '../..');
const DB_PASSWORD = 'cluster-test-only';

/** Where the cluster-external things of the operator's Secrets live in this test. */
const DATABASE_HOST = 'postgres.example.internal';
const SMTP_HOST = 'smtp.example.internal';
const INBOX_HOST = 'inbox.example.test';

/**
 * What this machine cannot run, and what stands in for it, named so the test says it: no Kafka
 * broker and no OpenSearch install here (no JVM distribution of them from the registries we
 * reach), so the event bus is the product's PostgreSQL transport and search its PostgreSQL
 * engine. Every other variable is the rendered Deployment's own.
 */
export const SUBSTITUTIONS = {
  EVENT_BUS: { value: 'postgres', why: 'no Kafka broker can run here; the PostgreSQL transport carries the same events' },
  SEARCH: { value: 'postgres', why: 'no OpenSearch can run here; the PostgreSQL engine answers the same searches' },
};

/**
 * The Secrets an operator creates before the first apply (k8s/README.md, "Secrets"), with this
 * test's values.
 */
function operatorSecrets(services, s3Keys) {
  const secrets = {
    'marketplace-secrets': {
      TOKEN_SECRET: randomBytes(48).toString('base64'),
      SIGNING_SECRET: randomBytes(48).toString('base64'),
      FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      S3_ACCESS_KEY: s3Keys.accessKey,
      S3_SECRET_KEY: s3Keys.secretKey,
      SMTP_URL: `smtp://${SMTP_HOST}:2525`,
    },
    'identity-initial-admin': { INITIAL_ADMIN_USERNAME: 'root-admin', INITIAL_ADMIN_PASSWORD: `initial-${randomBytes(12).toString('hex')}` },
  };
  for (const service of services) secrets[`${service}-database`] = { DATABASE_URL: `postgres://${service}:${DB_PASSWORD}@${DATABASE_HOST}:5432/${service}` };
  return secrets;
}

/** A self-signed certificate for the ingress's TLS hosts; browsers of the test trust it. */
function certificate(dir, hosts) {
  const key = join(dir, 'tls.key');
  const cert = join(dir, 'tls.crt');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${hosts[0]}`, '-addext', `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}`], { stdio: 'ignore' });
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8'), certPath: cert };
}

/**
 * An overlay run as a cluster would run it, on network namespaces: each Deployment's container as
 * its own host (pod address, /etc/hosts with the namespace's Services and the infrastructure's
 * names, its emptyDir volumes as size-limited tmpfs, a read-only root and its user), the Services
 * as forwarders from their own addresses and ports to the pods' target ports, the ingress's rules
 * as the only way in from a browser host, and PostgreSQL, the S3 server, the SMTP relay and the
 * users' inbox on the machine. `mutate(objects)` changes the rendered objects first (to prove a
 * broken manifest fails).
 */
export async function startKubernetesCluster({ overlay = 'staging', log = () => undefined, mutate = (objects) => objects, subnet = '10.234' } = {}) {
  const objects = mutate(renderOverlay(overlay));
  const namespace = objects.find((object) => object.kind === 'Namespace').metadata.name;
  const deployments = ofKind(objects, 'Deployment').filter((deployment) => deployment.metadata.name !== 'web');
  const services = deployments.map((deployment) => deployment.metadata.name);
  const dir = mkdtempSync(join(tmpdir(), 'mkt-k8s-'));
  // One prefix per subnet: a later run removes what a killed run on the same subnet left.
  const network = new TestNetwork(`mk${subnet.split(".")[1]}`, subnet);
  const cleanup = [];
  // The hosts go first: pods hold connections (SMTP, PostgreSQL, S3) that the infrastructure's
  // servers would otherwise wait for when closing.
  const stop = async () => {
    for (const step of cleanup.reverse()) await Promise.race([step().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    network.create();
    cleanup.push(() => network.destroy());
    const machine = network.machineAddress;

    // The infrastructure, on the machine, where INFRASTRUCTURE (deploy/topology.mjs) says the cluster has it.
    const postgres = new EmbeddedPostgresServer({ dataDir: join(dir, 'postgres'), port: 0, password: 'postgres-test-only', settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } });
    await postgres.start();
    cleanup.push(() => postgres.stop());
    const admin = new pg.Client({ connectionString: postgres.adminUrl() });
    await admin.connect();
    for (const name of [...services, 'eventbus']) {
      await admin.query(`CREATE ROLE "${name}" LOGIN PASSWORD '${DB_PASSWORD}'`);
      await admin.query(`CREATE DATABASE "${name}" OWNER "${name}"`);
      await admin.query(`REVOKE ALL ON DATABASE "${name}" FROM PUBLIC`);
    }
    await admin.end();
    const pgForward = await forwardTcp({ host: machine, port: 5432 }, { host: '127.0.0.1', port: postgres.port });
    cleanup.push(() => new Promise((resolve) => pgForward.close(resolve)));

    const objectStore = INFRASTRUCTURE.kubernetes.objectStore;
    const s3 = new S3rver({ address: machine, port: objectStore.port, silent: true, directory: join(dir, 's3'), vhostBuckets: false });
    const { listParts } = await import('../distributed/s3-server.mjs');
    s3.middleware.unshift(listParts(s3));
    await s3.run();
    cleanup.push(() => s3.close());
    const mail = await startMailSink({ host: machine, smtpPort: 2525, inboxPort: 8025 });
    cleanup.push(() => mail.stop());

    const secrets = operatorSecrets(services, { accessKey: 'S3RVER', secretKey: 'S3RVER' });

    // The storage-init Job's work: its buckets, private, with the deployment's prefix.
    const common = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('marketplace-common')).data;
    const buckets = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('marketplace-buckets')).data.BUCKET_NAMES.split(/\s+/);
    for (const bucket of buckets) await s3.store.putBucket(`${common.S3_BUCKET_PREFIX ?? ''}${bucket}`);

    // Addresses: pods 1.x, Services 2.x, the ingress 3.1, the browser 4.1.
    const podAddress = new Map(deployments.map((deployment, i) => [deployment.metadata.name, `${subnet}.1.${i + 1}`]));
    const clusterServices = ofKind(objects, 'Service');
    const serviceAddress = new Map(clusterServices.filter((s) => s.spec.type !== 'ExternalName').map((service, i) => [service.metadata.name, `${subnet}.2.${i + 1}`]));
    const ingressAddress = `${subnet}.3.1`;
    const browserAddress = `${subnet}.4.1`;

    // Cluster DNS as /etc/hosts: every Service by its short and full names, ExternalName Services as
    // the names they point at, and the infrastructure's names at the machine.
    const infrastructureNames = { [DATABASE_HOST]: machine, [SMTP_HOST]: machine, ...Object.fromEntries(Object.values(INFRASTRUCTURE.kubernetes).map(({ host }) => [host, machine])) };
    const clusterDns = { ...infrastructureNames };
    for (const service of clusterServices) {
      const address = service.spec.type === 'ExternalName' ? infrastructureNames[service.spec.externalName] : serviceAddress.get(service.metadata.name);
      if (!address) continue;
      const name = service.metadata.name;
      for (const alias of [name, `${name}.${namespace}`, `${name}.${namespace}.svc`, `${name}.${namespace}.svc.cluster.local`]) clusterDns[alias] = address;
    }

    // kube-proxy: each Service address and port to its pod's target port.
    const proxyRules = [];
    for (const service of clusterServices.filter((s) => serviceAddress.has(s.metadata.name))) {
      const deployment = selectedDeployment(objects, service);
      if (!deployment || !podAddress.has(deployment.metadata.name)) continue;
      for (const port of service.spec.ports) {
        proxyRules.push({ listen: { host: serviceAddress.get(service.metadata.name), port: port.port }, target: { host: podAddress.get(deployment.metadata.name), port: targetContainerPort(port, deployment) } });
      }
    }
    const proxyHost = network.addHost('svc', [...serviceAddress.values()]);
    const proxy = network.spawn(proxyHost, process.execPath, [join(import.meta.dirname, 'service-proxy.mjs'), JSON.stringify(proxyRules)], { env: { PATH: process.env.PATH } });
    const proxyOutput = captured(proxy);

    // The pods.
    const pods = {};
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const host = network.addHost(name, [podAddress.get(name)]);
      network.setHostsFile(host, clusterDns);
      const [container] = deployment.spec.template.spec.containers;
      const env = containerEnvironment(objects, container, secrets);
      for (const [key, { value }] of Object.entries(SUBSTITUTIONS)) if (key in env) env[key] = value;
      if (env.EVENT_BUS === 'postgres') env.EVENT_BUS_DATABASE_URL = `postgres://eventbus:${DB_PASSWORD}@${DATABASE_HOST}:5432/eventbus`;
      const pod = deployment.spec.template.spec.securityContext ?? {};
      const [command, ...args] = container.args;
      const child = network.spawn(host, command === 'node' ? process.execPath : command, args, {
        // The image's own environment (PATH) under the container's.
        env: { PATH: process.env.PATH, ...(process.env.FFMPEG_PATH ? { FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH } : {}), ...env },
        cwd: ROOT,
        mounts: emptyDirMounts(deployment, container),
        readOnlyRoot: container.securityContext?.readOnlyRootFilesystem === true,
        user: pod.runAsUser !== undefined ? { uid: pod.runAsUser, gid: pod.runAsGroup ?? pod.runAsUser } : null,
      });
      pods[name] = { host, child, output: captured(child), address: podAddress.get(name), port: container.ports[0].containerPort, readiness: container.readinessProbe?.httpGet?.path ?? '/health/ready', mounts: emptyDirMounts(deployment, container) };
    }

    // Pushed last, so stopped first.
    cleanup.push(() => network.destroy());

    // The ingress and the browser.
    const ingresses = ofKind(objects, 'Ingress');
    const tlsHosts = ingresses.flatMap((ingress) => (ingress.spec.tls ?? []).flatMap((entry) => entry.hosts ?? []));
    const tls = certificate(dir, tlsHosts.length > 0 ? tlsHosts : ['localhost']);
    const ingressHost = network.addHost('ingress', [ingressAddress]);
    network.setHostsFile(ingressHost, clusterDns);
    const ingressConfig = join(dir, 'ingress.json');
    writeFileSync(ingressConfig, JSON.stringify({ address: ingressAddress, ingresses, services: clusterServices, tls: { cert: tls.cert, key: tls.key } }));
    const ingress = network.spawn(ingressHost, process.execPath, [join(import.meta.dirname, 'ingress-controller.mjs'), ingressConfig], { env: { PATH: process.env.PATH } });
    const ingressOutput = captured(ingress);
    const browserHost = network.addHost('browser', [browserAddress]);
    const publicHosts = ingresses.flatMap((ingress) => ingress.spec.rules.map((rule) => rule.host).filter(Boolean));
    network.setHostsFile(browserHost, { ...Object.fromEntries(publicHosts.map((host) => [host, ingressAddress])), [INBOX_HOST]: machine });

    // Ready as the kubelet sees it: the readiness probe of each pod, from the machine.
    await Promise.all(
      Object.entries(pods).map(async ([name, pod]) => {
        const deadline = Date.now() + 180_000;
        for (;;) {
          if (pod.child.exitCode !== null) throw new Error(`${name} exited (${pod.child.exitCode}):\n${pod.output.text().slice(-4000)}`);
          try {
            if ((await fetch(`http://${pod.address}:${pod.port}${pod.readiness}`, { signal: AbortSignal.timeout(2_000) })).ok) return;
          } catch {
            // not listening yet
          }
          if (Date.now() > deadline) throw new Error(`${name} not ready in 180 s:\n${pod.output.text().slice(-4000)}`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }),
    );
    log(`pods ready: ${Object.entries(pods).map(([name, pod]) => `${name}@${pod.address}`).join(' ')}; ingress ${ingressAddress} for ${publicHosts.join(', ')}`);

    return {
      objects,
      namespace,
      pods,
      secrets,
      mail,
      browserHost,
      network,
      certPath: tls.certPath,
      publicUrls: { store: common.PUBLIC_URL, files: common.S3_PUBLIC_URL, inbox: `http://${INBOX_HOST}:8025` },
      /** Runs a Node script on the browser host with the test's CA trusted; resolves with its output and exit code. */
      browse(script, env) {
        const child = network.spawn(browserHost, process.execPath, [script], { env: { PATH: process.env.PATH, NODE_EXTRA_CA_CERTS: tls.certPath, ...env }, cwd: ROOT });
        const output = captured(child);
        return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output: output.text() })));
      },
      logs: () => ({ proxy: proxyOutput.text(), ingress: ingressOutput.text(), ...Object.fromEntries(Object.entries(pods).map(([name, pod]) => [name, pod.output.text()])) }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function captured(child) {
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return { text: () => output };
}
