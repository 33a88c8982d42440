import { CONTAINER_PORT, INFRASTRUCTURE, OBJECT_STORE_SERVICE, PUBLIC_HOSTS } from './topology.mjs';

/**
 * Which service answers which public path: the one table the deployments are generated from
 * (`node scripts/routes.mjs` writes nginx's routes for docker compose and the Kubernetes ingress;
 * the distributed-shape test routes through it directly). A path is claimed exactly (`exact`) or
 * as a prefix of whole segments (`/api/user` claims `/api/user/login`, not `/api/username`); an
 * exact claim wins, then the longest prefix, so a service can claim `/admin-api/<resource>`
 * without touching identity's `/admin-api` catch-all. Besides the API, a few store pages are
 * claimed exactly by the service that owns their data, which answers them with the store's shell
 * and the page's Open Graph tags for shared links (ADR 0029; the paths are SharePagePaths in
 * libs/contracts/src/routes.ts). Everything else is the web bundles'.
 */
export const SERVICE_ROUTES = [
  { service: 'identity', note: 'sign-in, session, account, enterprise customers, real-name checks, signing applications', exact: ['/api/session', '/api/logoff'], prefixes: ['/api/user', '/api/customer', '/api/realname', '/api/signing'] },
  { service: 'identity', note: 'console: auth, users, staff, audit logs, and every console resource no other service claims', prefixes: ['/admin-api'] },
  { service: 'catalogue', note: 'home, search, details, topics, editorial pages, favourites, boards and their guest links, music, public renditions', exact: ['/api/hotword'], prefixes: ['/api/home', '/api/video', '/api/photo', '/api/material', '/api/topic', '/api/editorial', '/api/space', '/api/preference', '/api/board', '/api/board-share', '/api/music', '/api/media'] },
  { service: 'catalogue', note: 'store pages as shared links open them (Open Graph tags): material details, topics, boards’ guest links', exact: ['/Detail', '/detail', '/DetailPic', '/detailpic', '/DetailMusic', '/Topic', '/SharedBoard'] },
  { service: 'catalogue', note: 'console: materials, categories, topics, editorial entries, hot words, synonyms, search demand, music', prefixes: ['/admin-api/materials', '/admin-api/categories', '/admin-api/topics', '/admin-api/editorial-entries', '/admin-api/hot-words', '/admin-api/search-synonyms', '/admin-api/search-demand', '/admin-api/music-tracks', '/admin-api/music-sheets', '/admin-api/music-skus'] },
  { service: 'uploads', note: 'upload sessions, the material centre, contributors’ own samples', prefixes: ['/api/upload', '/api/download/ali'], maxBody: '8m' },
  { service: 'uploads', note: 'console: the review queue', prefixes: ['/admin-api/reviews'] },
  { service: 'orders', note: 'cart, orders, vouchers, invoices, refunds, VIP, enterprise project downloads, the shop and its packs', prefixes: ['/api/cart', '/api/order', '/api/invoice', '/api/refund', '/api/vip', '/api/project', '/api/shop'], maxBody: '12m' },
  { service: 'orders', note: 'console: orders, invoices, refunds, shop products', prefixes: ['/admin-api/orders', '/admin-api/invoices', '/admin-api/refunds', '/admin-api/shop-products'], maxBody: '12m' },
  { service: 'licensing', note: 'authorization files, verification, downloads of purchased originals', exact: ['/api/download/original'], prefixes: ['/api/licence'] },
  { service: 'payouts', note: 'earnings, quarterly statements, bank info', prefixes: ['/api/bill'] },
  { service: 'payouts', note: 'console: statements, remittances, contributor shares, bank info', prefixes: ['/admin-api/statements', '/admin-api/remittances', '/admin-api/contributor-shares', '/admin-api/bank-infos'] },
  { service: 'contests', note: 'the contest list (exact, ahead of catalogue’s /api/home), entries, the judge portal', exact: ['/api/home/gameList'], prefixes: ['/api/contest', '/api/judge'] },
  { service: 'contests', note: 'contest pages as shared links open them (Open Graph tags)', exact: ['/ActivityDetail', '/postActivityDetail'] },
  { service: 'contests', note: 'console: contests, judges, entries, campaign pages', prefixes: ['/admin-api/contests', '/admin-api/contest-judges', '/admin-api/contest-entries', '/admin-api/campaigns'] },
];

/** The services in the order they first appear. */
export const SERVICES = [...new Set(SERVICE_ROUTES.map((route) => route.service))];

const exactOwners = new Map(SERVICE_ROUTES.flatMap((route) => (route.exact ?? []).map((path) => [path, route])));
const prefixes = SERVICE_ROUTES.flatMap((route) => (route.prefixes ?? []).map((prefix) => ({ prefix, route }))).sort((a, b) => b.prefix.length - a.prefix.length);

/** The route entry that answers `path` (no query string), or null for the web bundles. */
export function routeOf(path) {
  const exact = exactOwners.get(path);
  if (exact) return exact;
  return prefixes.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.route ?? null;
}

/** The service that answers `path`, or null for the web bundles. */
export function routeOwner(path) {
  return routeOf(path)?.service ?? null;
}

const GENERATED = 'Generated by `node scripts/routes.mjs` from deploy/service-routes.mjs: edit that table, not this file.';

/**
 * nginx's part of the table, included in the web container's server block. Regex locations are
 * tried in file order, so prefixes go longest first: the same choice as the table's.
 */
export function nginxRoutes() {
  const lines = [
    `# ${GENERATED}`,
    'resolver 127.0.0.11 valid=10s ipv6=off;',
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $host;',
    'proxy_set_header X-Real-IP $remote_addr;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Request-Id $request_id;',
    'proxy_read_timeout 60s;',
    'client_max_body_size 10m;',
    '',
    '# Upstreams are variables so that nginx resolves them per request (scaled or restarted',
    '# services are found again) and starts even while a service is down.',
    ...SERVICES.map((service) => `set $${service} http://${service}:${CONTAINER_PORT};`),
    '',
  ];
  const body = (route) => `proxy_pass $${route.service};${route.maxBody ? ` client_max_body_size ${route.maxBody};` : ''}`;
  for (const route of SERVICE_ROUTES) {
    for (const path of route.exact ?? []) lines.push(`location = ${path} { ${body(route)} }  # ${route.service}: ${route.note}`);
  }
  for (const { prefix, route } of prefixes) {
    lines.push(`location ~ ^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/|$) { ${body(route)} }  # ${route.service}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The Kubernetes ingress: on the store's host every claimed path to its service and the rest to
 * the web bundles; on the files host everything to the object store, through a Service of the
 * product's namespace that names the store's own (ExternalName), so presigned links work from
 * browsers.
 */
export function ingressYaml() {
  const { store, files } = PUBLIC_HOSTS.base;
  const objectStore = INFRASTRUCTURE.kubernetes.objectStore;
  const entry = (path, pathType, service, comment, port = '                  name: http') =>
    [
      ...(comment ? [`          # ${comment}`] : []),
      `          - path: ${path}`,
      `            pathType: ${pathType}`,
      '            backend:',
      '              service:',
      `                name: ${service}`,
      '                port:',
      port,
    ].join('\n');
  const paths = SERVICE_ROUTES.flatMap((route) => [
    ...(route.exact ?? []).map((path, i) => entry(path, 'Exact', route.service, i === 0 ? `${route.service}: ${route.note}` : null)),
    ...(route.prefixes ?? []).map((path, i) => entry(path, 'Prefix', route.service, i === 0 && !route.exact?.length ? `${route.service}: ${route.note}` : null)),
  ]);
  return `# ${GENERATED}
#
# The store's host: the API paths go to the service that owns them, everything else to the web
# bundles. Exact paths win, then the longest Prefix path, which matches whole segments (/api/user
# matches /api/user/login, not /api/username). The overlays set the hosts (generated from
# deploy/topology.mjs).
#
# The store sends its token in a header named \`access_token\`: the ingress-nginx controller must
# accept underscores in header names (enable-underscores-in-headers, see k8s/cluster/).
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: marketplace
  annotations:
    # Payment vouchers and invoice files are up to 10 MB, plus the multipart envelope.
    nginx.ingress.kubernetes.io/proxy-body-size: 12m
    nginx.ingress.kubernetes.io/proxy-read-timeout: "60"
spec:
  ingressClassName: nginx
  rules:
    - host: ${store}
      http:
        paths:
${paths.join('\n')}
${entry('/', 'Prefix', 'web', 'the store at /, the console at /admin/')}
---
# The files host (S3_PUBLIC_URL): browsers follow presigned links here, to download originals,
# licences and samples and to send upload parts straight to the object store. The Host header is
# passed unchanged: it is part of each link's signature. Every request is checked by the store's
# own signature; parts are up to the upload plan's part size, so the body is not limited here and
# not buffered by the controller.
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: marketplace-files
  annotations:
    nginx.ingress.kubernetes.io/proxy-body-size: "0"
    nginx.ingress.kubernetes.io/proxy-request-buffering: "off"
    nginx.ingress.kubernetes.io/proxy-buffering: "off"
    nginx.ingress.kubernetes.io/proxy-read-timeout: "600"
    nginx.ingress.kubernetes.io/proxy-send-timeout: "600"
spec:
  ingressClassName: nginx
  rules:
    - host: ${files}
      http:
        paths:
${entry('/', 'Prefix', OBJECT_STORE_SERVICE, 'the object store (S3 API, path-style buckets)', `                  number: ${objectStore.port}`)}
---
# The object store as the ingress reaches it: its own Service in its own namespace. With a store
# outside the cluster (a cloud S3), point S3_PUBLIC_URL at the store's public address instead and
# drop marketplace-files and this Service in the overlay.
apiVersion: v1
kind: Service
metadata:
  name: ${OBJECT_STORE_SERVICE}
spec:
  type: ExternalName
  externalName: ${objectStore.host}
  ports:
    - name: s3
      port: ${objectStore.port}
`;
}

/** The generated files, by path from the repository root. */
export function generatedRouteFiles() {
  return { 'deploy/nginx-routes.conf': nginxRoutes(), 'k8s/base/ingress.yaml': ingressYaml() };
}
