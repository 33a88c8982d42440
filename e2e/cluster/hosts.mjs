import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

const ip = (...args) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * Whether this machine lets us make network namespaces (root, `ip` from iproute2, a kernel that
 * allows it): the cluster-shaped test needs them for hosts of their own.
 */
export function namespacesAvailable() {
  const name = `mkt-probe-${process.pid}`;
  try {
    ip('netns', 'add', name);
    ip('netns', 'del', name);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: String(error.stderr ?? error.message).trim() || 'ip netns add failed' };
  }
}

/**
 * Hosts on one machine, each a network namespace with its own addresses on one bridge (one L2
 * network, one /16), and its own /etc/hosts (`ip netns exec` shows /etc/netns/<name>/hosts as
 * /etc/hosts). The machine itself is a host on the bridge too (the bridge's address).
 */
export class TestNetwork {
  constructor(prefix, subnet) {
    this.prefix = prefix;
    this.subnet = subnet; // e.g. '10.234' for 10.234.0.0/16
    this.bridge = `${prefix}br`;
    this.hosts = [];
    this.children = new Set();
  }

  /** The machine's own address on the network. */
  get machineAddress() {
    return `${this.subnet}.0.1`;
  }

  /** Creates the bridge, first removing what a killed earlier run with the same prefix left. */
  create() {
    const stale = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.split(' ')[0])
      .filter((name) => name?.startsWith(`${this.prefix}-`));
    this.hosts = stale.map((namespace) => ({ name: namespace, namespace }));
    this.removeHosts();
    this.hosts = [];
    ip('link', 'add', this.bridge, 'type', 'bridge');
    ip('addr', 'add', `${this.machineAddress}/16`, 'dev', this.bridge);
    ip('link', 'set', this.bridge, 'up');
  }

  /** A new host with these addresses (the first is its own; others, such as Service addresses, are extra). */
  addHost(name, addresses) {
    const index = this.hosts.length;
    const namespace = `${this.prefix}-${name}`;
    const outside = `${this.prefix}${index}h`;
    const inside = `${this.prefix}${index}p`;
    ip('netns', 'add', namespace);
    this.hosts.push({ name, namespace });
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', namespace);
    ip('link', 'set', outside, 'master', this.bridge);
    ip('link', 'set', outside, 'up');
    for (const address of addresses) ip('-n', namespace, 'addr', 'add', `${address}/16`, 'dev', inside);
    ip('-n', namespace, 'link', 'set', inside, 'up');
    ip('-n', namespace, 'link', 'set', 'lo', 'up');
    return namespace;
  }

  /** The host's /etc/hosts: name → address. */
  setHostsFile(namespace, entries) {
    mkdirSync(`/etc/netns/${namespace}`, { recursive: true });
    const lines = ['127.0.0.1 localhost', ...Object.entries(entries).map(([name, address]) => `${address} ${name}`)];
    writeFileSync(`/etc/netns/${namespace}/hosts`, `${lines.join('\n')}\n`);
  }

  /**
   * Starts a command on a host. `mounts` are tmpfs folders of a size limit each (a pod's emptyDir
   * volumes), `readOnlyRoot` makes every other path read-only, `user` runs it as that uid:gid.
   */
  spawn(namespace, command, args, { env = {}, cwd, mounts = [], readOnlyRoot = false, user = null } = {}) {
    const steps = [];
    for (const { path, sizeLimit } of mounts) {
      steps.push(`mkdir -p ${path} 2>/dev/null || true`);
      steps.push(`mount -t tmpfs -o ${sizeLimit ? `size=${sizeLimit},` : ''}mode=1777 tmpfs ${path}`);
    }
    if (readOnlyRoot) steps.push('mount -o remount,bind,ro /');
    const run = [...(user ? ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups'] : []), command, ...args].map(shellQuote).join(' ');
    steps.push(`exec ${run}`);
    const child = spawn('ip', ['netns', 'exec', namespace, 'unshare', '--mount', '--propagation', 'private', 'sh', '-c', steps.join(' && ')], {
      env,
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
    return child;
  }

  async destroy() {
    const exits = [...this.children].map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of this.children) child.kill('SIGKILL');
    await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    this.removeHosts();
  }

  /** Kills what runs on each host, then removes the hosts and the bridge. */
  removeHosts() {
    for (const { namespace } of [...this.hosts].reverse()) {
      // Anything started on the host some other way goes with it.
      try {
        execFileSync('ip', ['netns', 'pids', namespace], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
          .split('\n')
          .filter(Boolean)
          .forEach((pid) => process.kill(Number(pid), 'SIGKILL'));
      } catch {
        // already gone
      }
      try {
        ip('netns', 'del', namespace);
      } catch {
        // already gone
      }
      rmSync(`/etc/netns/${namespace}`, { recursive: true, force: true });
    }
    try {
      ip('link', 'del', this.bridge);
    } catch {
      // already gone
    }
  }
}

function shellQuote(value) {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${String(value).replace(/'/g, `'\\''`)}'`;
}
