import { createConnection, createServer } from 'node:net';

/**
 * Forwards TCP from `listen` to `target`, as kube-proxy does for a Service port: a target that
 * is not listening resets the connection, as a Service without ready endpoints does.
 */
export function forwardTcp(listen, target) {
  const server = createServer((incoming) => {
    const outgoing = createConnection(target);
    incoming.pipe(outgoing).pipe(incoming);
    outgoing.on('error', () => incoming.destroy());
    incoming.on('error', () => outgoing.destroy());
  });
  return new Promise((resolve, reject) => server.once('error', reject).listen(listen.port, listen.host, () => resolve(server)));
}
