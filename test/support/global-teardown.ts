import type { TestInfrastructure } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const infrastructure = (globalThis as { testInfrastructure?: TestInfrastructure }).testInfrastructure;
  for (const stop of (infrastructure?.stops ?? []).reverse()) await stop();
}
