import { PBX_ERRCODE, PbxApiError, type CompanyContact, type PbxClient } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/test-config.js';
import { CdrSearchService } from '../pbx/cdr-search.service.js';
import type { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import type { PollJob } from '../polling/poll-scheduler.js';
import type { PollingService } from '../polling/polling.module.js';
import { CallerContextService } from './caller-context.service.js';

const ann: CompanyContact = {
  id: 2,
  first_name: 'Ann',
  last_name: 'Smith',
  company: 'Acme',
  number_list: [{ num_type: 'business_number', number: '5550102' }],
};

/**
 * A service whose PBX holds `ann` (id 2) and answers every company_contact/query through `answer`, which
 * sees the ids of the batch; the phonebook job is run by hand.
 */
function setup(answer: (ids: number[]) => CompanyContact[]) {
  const jobs: PollJob[] = [];
  const asked: string[] = [];
  const client = {
    companyContact: {
      query: ({ ids }: { ids: string }) => {
        asked.push(ids.split(',')[0] ?? '');
        return Promise.resolve({ data: answer(ids.split(',').map(Number)) });
      },
    },
  } as unknown as PbxClient;
  const pbx = {
    onEvent: () => () => undefined,
    request: (_operation: string, send: (client: PbxClient) => Promise<unknown>) => send(client),
  } as unknown as PbxConnectionService;
  const polling = {
    add: (job: PollJob) => jobs.push(job),
    remove: () => undefined,
  } as unknown as PollingService;
  const config = testConfig();
  const service = new CallerContextService(config, pbx, new CdrSearchService(config, pbx), polling);
  service.onModuleInit();
  const sweep = async () => {
    const job = jobs.find((candidate) => candidate.key === 'phonebook');
    if (!job) throw new Error('no phonebook job');
    await job.run();
  };
  return { service, sweep, asked };
}

const notFound = () => new PbxApiError('company_contact/query', PBX_ERRCODE.NOT_FOUND, 'NOT FOUND');

describe('CallerContextService phonebook index', () => {
  it('reads a batch the PBX answers NOT FOUND as one without contacts, and stops after two of them', async () => {
    const { service, sweep, asked } = setup((ids) => {
      if (ids.includes(2)) return [ann];
      throw notFound();
    });
    await sweep();
    expect(asked).toEqual(['1', '101', '201']);
    expect(service.contactOf('5550102')).toEqual({ contactName: 'Ann Smith', company: 'Acme' });
    expect(service.initial('5550102', 'c1')).toMatchObject({ contactName: 'Ann Smith', company: 'Acme' });
    expect(service.phonebookLoadedAt).not.toBeNull();
  });

  it.each([
    ['SERVER BUSY', PBX_ERRCODE.SERVER_BUSY],
    ['PARAMETER ERROR', PBX_ERRCODE.PARAMETER_ERROR],
    ['INVALID ACCESS TOKEN', PBX_ERRCODE.TOKEN_INVALID],
    ['FAILURE', PBX_ERRCODE.FAILURE],
  ])(
    'keeps the previous index when the PBX answers %s, instead of taking it for an empty phonebook',
    async (errmsg, errcode) => {
      let failing = false;
      const { service, sweep, asked } = setup((ids) => {
        if (failing) throw new PbxApiError('company_contact/query', errcode, errmsg);
        if (ids.includes(2)) return [ann];
        throw notFound();
      });
      await sweep();
      const loadedAt = service.phonebookLoadedAt;
      failing = true;
      asked.length = 0;
      await expect(sweep()).resolves.toBeUndefined();
      // The failed sweep stopped at its first batch and changed nothing.
      expect(asked).toEqual(['1']);
      expect(service.contactOf('5550102')).toEqual({ contactName: 'Ann Smith', company: 'Acme' });
      expect(service.phonebookLoadedAt).toBe(loadedAt);
    },
  );

  it('shows an unknown caller, not an empty phonebook, when the first rebuild fails', async () => {
    const { service, sweep } = setup(() => {
      throw new PbxApiError('company_contact/query', PBX_ERRCODE.SERVER_BUSY, 'SERVER BUSY');
    });
    await sweep();
    expect(service.phonebookLoadedAt).toBeNull();
    expect(service.initial('5550102', 'c1')).toMatchObject({ contactName: null, company: null });
  });
});
