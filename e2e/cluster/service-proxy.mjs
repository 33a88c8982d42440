// Kubernetes Services as kube-proxy makes them: each Service address and port forwards TCP to the
// port its `targetPort` names on the selected pod. Run on the Services' host:
//   node service-proxy.mjs '[{"listen":{"host":"10.234.2.1","port":80},"target":{"host":"10.234.1.1","port":8080}}]'
import { createConnection, createServer } from 'node:net';

const rules = JSON.parse(process.argv[2]);
for (const { listen, target } of rules) {
  const server = createServer((incoming) => {
    const outgoing = createConnection(target);
    incoming.pipe(outgoing).pipe(incoming);
    // A pod that is not listening resets the connection, as a Service without ready endpoints does.
    outgoing.on('error', () => incoming.destroy());
    incoming.on('error', () => outgoing.destroy());
  });
  server.listen(listen.port, listen.host, () => console.log(JSON.stringify({ msg: 'listening', listen, target })));
}
