import type { RunningSeaweedFs } from '../../e2e/stack/seaweedfs';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __storecloudSeaweedFs?: RunningSeaweedFs }).__storecloudSeaweedFs?.stop();
}
