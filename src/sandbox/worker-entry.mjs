// Entry of a sandbox worker thread (plain JavaScript, because piscina loads it before any TypeScript loader):
// registers tsx in this thread, then exposes the TypeScript worker's task function.
import { register } from 'tsx/esm/api';

register();
const { evaluateTask } = await import('./worker.ts');
export default evaluateTask;
