import { connectHost, type StackEnv, urlHost } from './stack-env';

/** The most API nodes `npm start` runs on one machine (each is a Node process of its own). */
export const MAX_API_NODES = 16;

/** The variable by which the portal server and the simulator learn every API node's address. */
export const BACKEND_NODE_URLS = 'BACKEND_NODE_URLS';

export interface ApiNode {
  /** Supervisor name: `backend` for the first (and only, by default), then `backend-2` ... */
  name: string;
  port: number;
  url: string;
  /** What this node reads besides the stack's environment. */
  env: StackEnv;
}

/**
 * The API nodes of `npm start` (API_NODES, default 1): consecutive ports from BACKEND_PORT, as
 * compose's `--scale backend=N` runs N replicas behind nginx. Throws on a count out of range.
 */
export function apiNodes(env: StackEnv): ApiNode[] {
  const text = env.API_NODES || '1';
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > MAX_API_NODES) {
    throw new Error(`API_NODES must be a whole number from 1 to ${MAX_API_NODES}, not '${text}'`);
  }
  const first = Number(env.BACKEND_PORT);
  const host = urlHost(connectHost(env.HOST ?? '127.0.0.1'));
  return Array.from({ length: count }, (_, i) => ({
    name: i === 0 ? 'backend' : `backend-${i + 1}`,
    port: first + i,
    url: i === 0 && env.BACKEND_URL ? env.BACKEND_URL : `http://${host}:${first + i}`,
    env: {
      BACKEND_PORT: String(first + i),
      // A metrics port of its own per node, as each has its own HTTP port.
      ...(env.METRICS_PORT ? { METRICS_PORT: String(Number(env.METRICS_PORT) + i) } : {}),
    },
  }));
}

/** The stack's environment with every node's address, for the processes that spread over them. */
export function withNodeUrls(env: StackEnv, nodes: ApiNode[]): StackEnv {
  return { ...env, [BACKEND_NODE_URLS]: nodes.map((n) => n.url).join(',') };
}
