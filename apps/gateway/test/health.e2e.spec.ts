import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../src/create-app.js';
import { testConfig } from './support/test-config.js';

describe('gateway liveness', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway(testConfig());
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('answers /healthz', async () => {
    const response = await fetch(`${gateway.url}/healthz`, { signal: AbortSignal.timeout(5000) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});
