// Kubernetes Services as kube-proxy makes them: each Service address and port forwards TCP to the
// port its `targetPort` names on the selected pod. Run on the Services' host:
//   node service-proxy.mjs '[{"listen":{"host":"10.234.2.1","port":80},"target":{"host":"10.234.1.1","port":8080}}]'
import { forwardTcp } from './tcp-forward.mjs';

for (const { listen, target } of JSON.parse(process.argv[2])) {
  await forwardTcp(listen, target);
  console.log(JSON.stringify({ msg: 'listening', listen, target }));
}
