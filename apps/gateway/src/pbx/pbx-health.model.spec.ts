import { describe, expect, it } from 'vitest';
import { PbxHealthModel } from './pbx-health.model.js';

const options = { downAfterFailures: 3, silentAfterMs: 6_000, recentErrorMs: 6_000 };

function connectedModel(): PbxHealthModel {
  const model = new PbxHealthModel(options);
  model.recordSuccess(1_000);
  model.setEventStream('open');
  return model;
}

describe('PbxHealthModel', () => {
  it('is down until the first request succeeds', () => {
    const model = new PbxHealthModel(options);
    model.setEventStream('open');
    expect(model.state(0)).toBe('down');
    model.recordSuccess(10);
    expect(model.state(20)).toBe('connected');
  });

  it('is degraded while requests succeed but the event stream is not open', () => {
    const model = connectedModel();
    model.setEventStream('reconnecting', 'connection closed (code 1006)', 1_500);
    expect(model.state(2_000)).toBe('degraded');
    expect(model.view(2_000).lastError).toBe('event stream: connection closed (code 1006)');
    model.setEventStream('open');
    model.recordSuccess(9_000);
    expect(model.state(9_000)).toBe('connected');
  });

  it('stays degraded for a while after a failure, then recovers by itself', () => {
    const model = connectedModel();
    model.recordFailure('queue/agent_status failed: errcode 50001 SERVER BUSY', 2_000);
    model.recordSuccess(2_500);
    expect(model.state(3_000)).toBe('degraded');
    model.recordSuccess(7_900);
    expect(model.state(8_001)).toBe('connected');
  });

  it('is down after the configured number of failures in a row, and up after one success', () => {
    const model = connectedModel();
    model.recordFailure('a', 2_000);
    model.recordFailure('b', 2_100);
    expect(model.state(2_200)).toBe('degraded');
    model.recordFailure('c', 2_200);
    expect(model.state(2_300)).toBe('down');
    expect(model.view(2_300)).toMatchObject({ pbx: 'down', lastError: 'c', lastSuccessAt: 1_000 });
    model.recordSuccess(3_000);
    expect(model.state(3_000)).toBe('degraded');
  });

  it('is down when nothing succeeded for longer than the silence limit', () => {
    const model = connectedModel();
    expect(model.state(7_000)).toBe('connected');
    expect(model.state(7_001)).toBe('down');
  });
});
