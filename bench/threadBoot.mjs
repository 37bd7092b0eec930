// Starts a TypeScript module in a worker thread of a bench (tsx registered, then the module imported).
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.module);
