// The baseline: a bare Node `http` server that answers every POST with a fixed body and
// `GET /health/ready` with 200. Run as a child process, it is measured exactly like the real
// server, so the ratio between the two is what the framework and the application cost.
//
//   PORT=8099 BODY_BASE64=<base64 of the body> node loadtests/local/lib/bare-server.mjs

import { createServer } from 'node:http';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT is required');
const body = Buffer.from(process.env.BODY_BASE64 ?? '', 'base64');
const contentType = process.env.CONTENT_TYPE || 'application/json; charset=utf-8';
const ready = Buffer.from('{"status":"up"}');

const server = createServer((req, res) => {
  // Read the request body through, as a real handler would, then answer.
  req.resume();
  req.once('end', () => {
    if (req.method === 'POST') {
      res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      res.end(body);
    } else if (req.method === 'GET' && req.url === '/health/ready') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': ready.length });
      res.end(ready);
    } else {
      res.writeHead(404, { 'content-length': 0 });
      res.end();
    }
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1');

const shutdown = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
