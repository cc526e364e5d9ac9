/**
 * Keeps the contract suite complete: every operation of libs/pbx-api's catalogue is called by at least one
 * contract spec (through the client, raw HTTP or the editable-resource kit; see operations-called.ts), so an
 * operation added to the client cannot go untested against the simulator. Naming it is not enough.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { PBX_OPERATIONS } from '@switchboard/pbx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationsByClientMethod } from './support/client-operations.js';
import { operationsCalledIn, type OperationsByMethod } from './support/operations-called.js';

const here = new URL('.', import.meta.url);
let byMethod: OperationsByMethod;

beforeAll(async () => {
  byMethod = await operationsByClientMethod();
});

describe('contract suite coverage', () => {
  it('knows which operation every client method sends, and some method sends each operation', () => {
    expect(byMethod.get('queue.agentStatus')).toEqual(new Set(['queue/agent_status']));
    expect(byMethod.get('agent.logout')).toEqual(new Set(['agent/login']));
    expect(byMethod.get('auth.getToken')).toEqual(new Set(['get_token']));
    const sent = new Set([...byMethod.values()].flatMap((operations) => [...operations]));
    expect(Object.keys(PBX_OPERATIONS).filter((op) => !sent.has(op))).toEqual([]);
  });

  it('counts calls only: a quoted name in a comment or an unrelated string covers nothing', () => {
    const mentions = `
      // 'queue/list' and ctx.client.queue.callStatus() are only talked about here
      const label = 'queue/agent_status';
      const method = ctx.client.queue.list;
      expectPbxError(ctx.raw(label), 40002);
      itHonoursTheContract(get, 'conference/list', { valid: () => Promise.resolve() });`;
    expect(operationsCalledIn('mentions.ts', mentions, byMethod)).toEqual(new Set());
    const calls = `
      await ctx.client.queue.agentStatus({ id: 1 });
      await ctx.raw('system/capacity');
      describeEditable(get, { resource: 'ivr', methods: (client) => client.ivr });`;
    expect(operationsCalledIn('calls.ts', calls, byMethod)).toEqual(
      new Set([
        'queue/agent_status',
        'system/capacity',
        'ivr/list',
        'ivr/search',
        'ivr/get',
        'ivr/query',
        'ivr/update',
        'ivr/delete',
      ]),
    );
  });

  it('calls every operation of PBX_OPERATIONS in some contract spec', () => {
    const specs = readdirSync(here).filter(
      (name) => name.endsWith('.contract.spec.ts') && !name.startsWith('coverage.'),
    );
    expect(specs.length).toBeGreaterThanOrEqual(6);
    const called = new Set(
      specs.flatMap((name) => [
        ...operationsCalledIn(name, readFileSync(new URL(name, here), 'utf8'), byMethod),
      ]),
    );
    expect(Object.keys(PBX_OPERATIONS).filter((op) => !called.has(op))).toEqual([]);
  });
});
