import type { TestServices } from '../../e2e/stack/test-services';

export default async function globalTeardown(): Promise<void> {
  const services = (globalThis as { __storecloudTestServices?: TestServices })
    .__storecloudTestServices;
  await services?.stop();
}
