// The looks' worker thread (see WorkerLookEngine): keeps a LookIndex and answers the serving
// thread's questions and applies its writes, in the order they arrive.
import { parentPort } from 'node:worker_threads';
import { LookIndex } from '@mkt/platform/visual';
import { LookWorkerEndpoint, type LookReply } from './look-worker.endpoint.js';

const port = parentPort!;
new LookWorkerEndpoint(new LookIndex(), port);
port.postMessage({ op: 'ready' } satisfies LookReply);
