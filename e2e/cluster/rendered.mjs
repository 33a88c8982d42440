import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');

/** Every object of an overlay as `kubectl kustomize` renders it (what `kubectl apply -k` would send). */
export function renderOverlay(overlay) {
  const text = execFileSync('kubectl', ['kustomize', join(ROOT, 'k8s/overlays', overlay)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return parseAllDocuments(text).map((document) => document.toJS());
}

export const ofKind = (objects, kind) => objects.filter((object) => object.kind === kind);
export const named = (objects, kind, name) => objects.find((object) => object.kind === kind && object.metadata.name === name);

/**
 * The environment a container of a rendered Deployment starts with, as the kubelet builds it:
 * `envFrom` in order (later sources win), then `env` (wins over envFrom), ConfigMaps from the
 * rendered objects and Secrets from `secrets` (name → key → value, as the operator created them).
 * A missing ConfigMap or Secret, or a missing key, fails as it would keep the pod from starting,
 * unless the reference is optional.
 */
export function containerEnvironment(objects, container, secrets) {
  const configMap = (name) => named(objects, 'ConfigMap', name)?.data;
  const source = (kind, name) => (kind === 'configMap' ? configMap(name) : secrets[name]);
  const env = {};
  const problems = [];
  for (const from of container.envFrom ?? []) {
    const [kind, ref] = from.configMapRef ? ['configMap', from.configMapRef] : ['secret', from.secretRef];
    const values = source(kind, ref.name);
    if (!values) {
      if (!ref.optional) problems.push(`${kind} ${ref.name} (envFrom) does not exist`);
      continue;
    }
    for (const [key, value] of Object.entries(values)) env[`${from.prefix ?? ''}${key}`] = String(value);
  }
  for (const variable of container.env ?? []) {
    if ('value' in variable) {
      env[variable.name] = String(variable.value);
      continue;
    }
    const ref = variable.valueFrom?.configMapKeyRef ?? variable.valueFrom?.secretKeyRef;
    const kind = variable.valueFrom?.configMapKeyRef ? 'configMap' : 'secret';
    if (!ref) {
      problems.push(`${variable.name}: only values, configMapKeyRef and secretKeyRef are understood here`);
      continue;
    }
    const value = source(kind, ref.name)?.[ref.key];
    if (value === undefined) {
      if (!ref.optional) problems.push(`${variable.name}: ${kind} ${ref.name} has no key ${ref.key}`);
      continue;
    }
    env[variable.name] = String(value);
  }
  if (problems.length > 0) throw new Error(`container ${container.name} cannot start:\n  ${problems.join('\n  ')}`);
  return env;
}

/** Kubernetes quantities (1Gi, 512Mi, 2G) in bytes. */
export function quantityBytes(quantity) {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(String(quantity));
  if (!match) throw new Error(`not a quantity: ${quantity}`);
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[match[2] ?? ''] ?? 1;
  return Math.round(Number(match[1]) * unit);
}

/** The container's volume mounts with their emptyDir size limits (null: no limit). */
export function emptyDirMounts(deployment, container) {
  const volumes = new Map((deployment.spec.template.spec.volumes ?? []).map((volume) => [volume.name, volume]));
  return (container.volumeMounts ?? []).map((mount) => {
    const volume = volumes.get(mount.name);
    if (!volume?.emptyDir) throw new Error(`${deployment.metadata.name}: volume ${mount.name} is not an emptyDir; only emptyDir volumes are run here`);
    return { path: mount.mountPath, sizeLimit: volume.emptyDir.sizeLimit ? quantityBytes(volume.emptyDir.sizeLimit) : null };
  });
}

/** The container port a Service port sends to: a number, or the name of one of the pod's ports. */
export function targetContainerPort(servicePort, deployment) {
  const target = servicePort.targetPort ?? servicePort.port;
  if (typeof target === 'number') return target;
  const ports = deployment.spec.template.spec.containers.flatMap((container) => container.ports ?? []);
  const port = ports.find((candidate) => candidate.name === target);
  if (!port) throw new Error(`Service port ${servicePort.name ?? servicePort.port} targets '${target}', which no container of ${deployment.metadata.name} declares`);
  return port.containerPort;
}

/** The Deployment whose pods a Service selects (one per Service here), or null. */
export function selectedDeployment(objects, service) {
  const selector = Object.entries(service.spec.selector ?? {});
  if (selector.length === 0) return null;
  return ofKind(objects, 'Deployment').find((deployment) => selector.every(([key, value]) => deployment.spec.template.metadata.labels?.[key] === value)) ?? null;
}
