// The rendered Ingress objects as ingress-nginx serves them, on the ingress's own host: TLS for the
// hosts in `spec.tls` (plain HTTP on those hosts is redirected), then per host an Exact path, else
// the longest Prefix path matching whole segments, to the backend Service's port by the Service's
// name (resolved as the controller would: ClusterIP Services to their address, ExternalName to the
// name they give). The Host header is passed unchanged; proxy-body-size is enforced.
//   node ingress-controller.mjs <config.json>   ({ address, ingresses, services, tls: { cert, key } })
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, request } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const services = new Map(config.services.map((service) => [service.metadata.name, service]));

const sizeLimit = (value) => {
  if (value === undefined) return 1024 * 1024; // ingress-nginx's default client_max_body_size
  const match = /^(\d+)([kKmMgG]?)$/.exec(String(value));
  const bytes = match ? Number(match[1]) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2].toLowerCase()] : 1024 * 1024;
  return bytes === 0 ? Infinity : bytes;
};

const rules = config.ingresses.flatMap((ingress) =>
  ingress.spec.rules.map((rule) => ({
    host: rule.host ?? null,
    tls: (ingress.spec.tls ?? []).some((entry) => (entry.hosts ?? []).includes(rule.host)),
    maxBody: sizeLimit(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size']),
    paths: rule.http.paths,
  })),
);

function choose(host, path) {
  const rule = rules.find((candidate) => candidate.host === host) ?? rules.find((candidate) => candidate.host === null);
  if (!rule) return null;
  const exact = rule.paths.find((p) => p.pathType === 'Exact' && p.path === path);
  const prefix = rule.paths
    .filter((p) => p.pathType === 'Prefix' && (p.path === '/' || path === p.path || path.startsWith(`${p.path.replace(/\/$/, '')}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
  const chosen = exact ?? prefix;
  return chosen ? { rule, backend: chosen.backend.service } : null;
}

/** Where the controller sends a backend: the Service's address by name, or the ExternalName's. */
function upstream(backend) {
  const service = services.get(backend.name);
  if (!service) return { error: `no Service ${backend.name}` };
  if (service.spec.type === 'ExternalName') {
    if (backend.port.number === undefined) return { error: `ExternalName Service ${backend.name} needs a port number in the ingress` };
    return { host: service.spec.externalName, port: backend.port.number };
  }
  const port = service.spec.ports.find((p) => (backend.port.name !== undefined ? p.name === backend.port.name : p.port === backend.port.number));
  if (!port) return { error: `Service ${backend.name} has no port ${backend.port.name ?? backend.port.number}` };
  return { host: backend.name, port: port.port };
}

function handle(secure) {
  return (incoming, outgoing) => {
    const host = (incoming.headers.host ?? '').replace(/:\d+$/, '');
    const path = new URL(incoming.url, 'http://ingress').pathname;
    const chosen = choose(host, path);
    if (!chosen) return outgoing.writeHead(404).end('default backend - 404');
    if (chosen.rule.tls && !secure) return outgoing.writeHead(308, { location: `https://${host}${incoming.url}` }).end();
    if (Number(incoming.headers['content-length'] ?? 0) > chosen.rule.maxBody) return outgoing.writeHead(413).end('413 Request Entity Too Large');
    const target = upstream(chosen.backend);
    if (target.error) return outgoing.writeHead(503).end(target.error);
    const forwardedFor = incoming.socket.remoteAddress;
    const proxied = request(
      {
        host: target.host,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor, 'x-real-ip': forwardedFor, 'x-forwarded-proto': secure ? 'https' : 'http', 'x-forwarded-host': host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', (error) => (outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end(`502 Bad Gateway: ${error.code ?? error.message}`)));
    incoming.pipe(proxied);
  };
}

createHttpsServer({ cert: config.tls.cert, key: config.tls.key }, handle(true)).listen(443, config.address);
createHttpServer(handle(false)).listen(80, config.address, () => console.log(JSON.stringify({ msg: 'listening', address: config.address, hosts: rules.map((r) => r.host) })));
