// Smoke test after a deploy: is every part up and answering, fast?
//
//   k6 run -e BASE_URL=https://staging.lumenstock.cn \
//          -e HEALTH_URLS=http://127.0.0.1:8081 loadtests/k6/smoke.js
//
// Environment:
//   BASE_URL     the public site (default http://127.0.0.1:8080): the store at /, the console at
//                /admin/, and the store API (an anonymous POST /api/session must be refused with
//                the envelope code 1001, which proves the API path reaches the service).
//   HEALTH_URLS  comma-separated base URLs whose /health/live and /health/ready must answer 200.
//                Default: BASE_URL, which fits the single-machine server. Behind the Kubernetes
//                ingress the health endpoints are not published: port-forward each service
//                (kubectl -n marketplace port-forward svc/identity 8081:80) and list those URLs.
//                Set it to "none" to skip.
/* global __ENV */ // k6 passes -e NAME=value here
import http from 'k6/http';
import { check, group } from 'k6';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const HEALTH_URLS = (__ENV.HEALTH_URLS === undefined ? BASE_URL : __ENV.HEALTH_URLS)
  .split(',')
  .map((url) => url.trim().replace(/\/+$/, ''))
  .filter((url) => url && url !== 'none');

export const options = {
  vus: 1,
  iterations: Number(__ENV.ITERATIONS || 5),
  thresholds: {
    checks: ['rate==1'],
    http_req_duration: ['p(95)<500'],
  },
};

function jsonField(response, path) {
  try {
    return response.json(path);
  } catch {
    return undefined;
  }
}

export default function () {
  for (const base of HEALTH_URLS) {
    group(`health ${base}`, () => {
      const live = http.get(`${base}/health/live`, { tags: { call: 'health-live' } });
      check(live, {
        'live: 200': (r) => r.status === 200,
        'live: status up': (r) => jsonField(r, 'status') === 'up',
      });
      const ready = http.get(`${base}/health/ready`, { tags: { call: 'health-ready' } });
      check(ready, {
        'ready: 200': (r) => r.status === 200,
        'ready: status up': (r) => jsonField(r, 'status') === 'up',
      });
    });
  }

  group('site', () => {
    const store = http.get(`${BASE_URL}/`, { tags: { call: 'store' } });
    check(store, {
      'store: 200 html': (r) => r.status === 200 && String(r.headers['Content-Type']).includes('text/html'),
      'store: has its root element': (r) => String(r.body).includes('id="root"'),
    });
    const consolePage = http.get(`${BASE_URL}/admin/`, { tags: { call: 'console' } });
    check(consolePage, {
      'console: 200 html': (r) => r.status === 200 && String(r.headers['Content-Type']).includes('text/html'),
    });
    const anonymous = http.post(`${BASE_URL}/api/session`, '{}', {
      headers: { 'Content-Type': 'application/json' },
      tags: { call: 'session-anonymous' },
      responseCallback: http.expectedStatuses(401),
    });
    check(anonymous, {
      'api: anonymous session refused with 401': (r) => r.status === 401,
      'api: envelope code 1001': (r) => jsonField(r, 'code') === 1001,
    });
  });
}
