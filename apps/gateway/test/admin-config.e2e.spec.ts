import {
  auditSentence,
  type AuditEntryView,
  type InboundRoutesAnswer,
  type RestResult,
} from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { MetricsService } from '../src/metrics/metrics.service.js';
import { InboundRoutesService } from '../src/inbound/inbound-routes.service.js';
import { PbxConnectionService } from '../src/pbx/pbx-connection.service.js';
import { secretPaths } from '../src/admin/secret-fields.js';
import { tokenFor } from './support/auth-fixtures.js';
import { rest, waitFor } from './support/command-client.js';
import { startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

type Answer = RestResult<Record<string, unknown>>;

/**
 * PBX configuration through the admin REST against the simulator, over HTTP: the documents' other spellings
 * accepted, a rule's create / update / delete audited with a readable before -> after, the PBX's
 * invalid_param_list mapped onto fields, the schema for forms (admins only), channels without secrets and the
 * inbound routes in words. One stack for all of it.
 */
describe('PBX configuration through the gateway', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let admin: string;

  const pbx = (operation: string, body: unknown, token = admin) =>
    rest<Answer>(gateway.url, 'POST', `/api/pbx/${operation}`, token, body);
  const auditOf = async (action: string) => {
    const answer = await rest<RestResult<AuditEntryView[]>>(
      gateway.url,
      'GET',
      '/api/audit?limit=200',
      admin,
    );
    return answer.body.ok ? answer.body.data.filter((entry) => entry.action === action) : [];
  };

  beforeAll(async () => {
    ({ sim, gateway } = await startStack(
      { scenario: 'contact-center', trafficRate: 0, seed: 11 },
      { QUEUES: '1' },
    ));
    admin = tokenFor(gateway, 'admin');
    const routes = gateway.app.get(InboundRoutesService);
    await waitFor(() => routes.loaded, 'the first read of the inbound routes', 10_000);
  });
  afterAll(() => stopStack(gateway, sim));

  it('accepts the sample spellings of ivr/create and company_contact/query', async () => {
    const extensions = await pbx('extension/list', { page_size: 1 });
    const extension = (extensions.body.ok && (extensions.body.data['data'] as { id: number }[])[0]?.id) || 1;
    const ivr = await pbx('ivr/create', {
      number: '6290',
      name: 'Alias check',
      prompt: 'default',
      prompt_repeat: 1,
      resp_timeout: 3,
      digit_timeout: 3,
      dial_ext_option: 'allow',
      dial_ext_list: [{ value: String(extension), type: 'extension' }],
      allow_out_record_invaild: 1,
    });
    expect(ivr.body).toMatchObject({ ok: true, data: { errcode: 0 } });
    const contacts = await pbx('company_contact/query', { id: '1,2' });
    expect(contacts.status).toBe(200);
    expect(contacts.body).toMatchObject({ ok: true, data: { errcode: 0 } });
    // Still checked by the field's rule, and named as the caller spelled it.
    const bad = await pbx('company_contact/query', { id: 'one' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload', fields: [{ field: 'id' }] },
    });
  });

  it('audits an allowlist rule’s create, update and delete with what changed', async () => {
    const created = await pbx('allow_numbers/create', {
      name: 'Audit VIP',
      limit_type: 'inbound',
      number_list: '5550101&5550102',
    });
    expect(created.body).toMatchObject({ ok: true });
    const id = created.body.ok ? (created.body.data['id'] as number) : 0;
    expect(id).toBeGreaterThan(0);
    expect(
      (await pbx('allow_numbers/update', { id, name: 'Audit VIP 2', limit_type: 'inbound' })).status,
    ).toBe(200);
    expect((await pbx('allow_numbers/delete', { id })).status).toBe(200);

    const [createEntry] = await auditOf('pbx:allow_numbers/create');
    const [updateEntry] = await auditOf('pbx:allow_numbers/update');
    const [deleteEntry] = await auditOf('pbx:allow_numbers/delete');
    expect(createEntry?.changes).toEqual([
      { field: 'name', after: 'Audit VIP' },
      { field: 'limit_type', after: 'inbound' },
      { field: 'number_list', after: '5550101&5550102' },
    ]);
    // Only the name changed: limit_type was sent with its old value.
    expect(updateEntry?.changes).toEqual([{ field: 'name', before: 'Audit VIP', after: 'Audit VIP 2' }]);
    expect(updateEntry && auditSentence(updateEntry)).toBe(
      `admin changed allowlist rule “Audit VIP” (id ${id}): name “Audit VIP” → “Audit VIP 2”`,
    );
    expect(deleteEntry && auditSentence(deleteEntry)).toBe(
      `admin deleted allowlist rule “Audit VIP 2” (id ${id}): name “Audit VIP 2”; applies to “inbound”; numbers “5550101&5550102”`,
    );
    expect(createEntry && auditSentence(createEntry)).toBe(
      `admin created allowlist rule “Audit VIP” (id ${id}): name “Audit VIP”; applies to “inbound”; numbers “5550101&5550102”`,
    );
  });

  it('audits a pause-reason save as the reasons it deletes, adds and renames', async () => {
    const list = await pbx('queue_pause_reason/list', {});
    const reasons = list.body.ok ? (list.body.data['data'] as { code: string; reason: string }[]) : [];
    expect(reasons.length).toBeGreaterThan(1);
    const [first, ...rest] = reasons as [
      { code: string; reason: string },
      ...{ code: string; reason: string }[],
    ];
    const saved = await pbx('queue_pause_reason/update', {
      pause_reason_list: [...rest, { code: '*77', reason: 'Audit training' }],
    });
    expect(saved.status).toBe(200);
    const [entry] = await auditOf('pbx:queue_pause_reason/update');
    expect(entry?.changes).toEqual([
      { field: `pause reason ${first.code}`, before: first.reason },
      { field: 'pause reason *77', after: 'Audit training' },
    ]);
    expect(entry && auditSentence(entry)).toBe(
      `admin changed the pause reasons: pause reason ${first.code} “${first.reason}” removed; pause reason *77 “Audit training” added`,
    );
  });

  it('never records a PIN in the audit log, though the answer keeps it for the admin', async () => {
    const created = await pbx('pin_list/create', { name: 'Audit PINs', pin_list: '482913,771204' });
    expect(created.body).toMatchObject({ ok: true });
    const [entry] = await auditOf('pbx:pin_list/create');
    expect(entry?.changes).toContainEqual({ field: 'pin_list', secret: true });
    expect(JSON.stringify(entry)).not.toMatch(/482913|771204/);
    const id = created.body.ok ? created.body.data['id'] : 0;
    const read = await pbx('pin_list/get', { id });
    expect(JSON.stringify(read.body)).toContain('482913');
  });

  it('maps the PBX’s invalid_param_list onto fields', async () => {
    const answer = await pbx('message_queue/create', {
      name: 'Nobody queue',
      assignment_mode: 'auto',
      members: [{ extension_id: 987_654 }],
    });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({
      ok: false,
      error: {
        code: 'pbx_error',
        errcode: 40002,
        fields: [
          {
            field: 'members[0].extension_id',
            message: 'The PBX has nothing matching “987654”; it may have been deleted.',
          },
        ],
      },
    });
  });

  it('words a duplicate name on the name field, with no PBX code or operation in what a person reads', async () => {
    const answer = await pbx('allow_numbers/create', {
      name: 'VIP customers',
      limit_type: 'both',
      number_list: '5550100',
    });
    expect(answer.status).toBe(502);
    const sentence = 'An allowlist rule named “VIP customers” already exists.';
    expect(answer.body).toMatchObject({
      ok: false,
      error: { code: 'pbx_error', message: sentence, fields: [{ field: 'name', message: sentence }] },
    });
    const [entry] = (await auditOf('pbx:allow_numbers/create')).filter((e) => e.result === 'error');
    expect(entry && auditSentence(entry)).toMatch(
      /– failed: An allowlist rule named “VIP customers” already exists\.$/,
    );
    expect(JSON.stringify(entry)).not.toMatch(/errcode|40003|DUPLICATE/);
  });

  it('checks numbers before sending: only numbers and dial patterns reach the PBX', async () => {
    const sent = async () => (await sim.stats()).requests.by_operation['allow_numbers/create'] ?? 0;
    const before = await sent();
    const answer = await pbx('allow_numbers/create', {
      name: 'Letters',
      limit_type: 'both',
      number_list: '5550100&abc-not-a-number',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, error: { fields: [{ field: 'number_list' }] } });
    expect(await sent()).toBe(before);
  });

  it('counts reads in the metrics instead of the audit trail, and words a bulk phone change', async () => {
    const metric = async () => {
      const text = await gateway.app.get(MetricsService).render();
      const line = text
        .split('\n')
        .find((l) => l.startsWith('switchboard_admin_pbx_reads_total{operation="phone/search",result="ok"}'));
      return Number(line?.split(' ').pop() ?? 0);
    };
    const readsBefore = await metric();
    const trailBefore = await auditOf('pbx:phone/search');
    await pbx('phone/search', { page: 1, page_size: 10 });
    await pbx('extension/list', { page_size: 2 });
    await pbx('auto_provisioning/compatibility', { menu: 'phone_vendor' });
    expect(await metric()).toBe(readsBefore + 1);
    expect(trailBefore).toEqual([]);
    for (const read of ['phone/search', 'extension/list', 'auto_provisioning/compatibility'])
      expect(await auditOf(`pbx:${read}`), read).toEqual([]);

    const extensions = await pbx('extension/list', { page_size: 2 });
    const [first, second] = extensions.body.ok ? (extensions.body.data['data'] as { id: number }[]) : [];
    const vendors = await pbx('auto_provisioning/compatibility', { menu: 'phone_vendor' });
    const vendor = vendors.body.ok ? (vendors.body.data['data'] as { value: string }[])[0]?.value : '';
    const models = await pbx('auto_provisioning/compatibility', { menu: 'phone_model', vendor });
    const model = models.body.ok ? (models.body.data['data'] as { value: string }[])[0]?.value : '';
    const templates = await pbx('auto_provisioning/compatibility', { menu: 'phone_template', vendor, model });
    const template = templates.body.ok ? (templates.body.data['data'] as { value: string }[])[0]?.value : '';
    const methods = await pbx('auto_provisioning/compatibility', { menu: 'autop_method', vendor, model });
    const method = methods.body.ok ? (methods.body.data['data'] as { value: string }[])[0]?.value : '';
    const created = await pbx('phone/batchcreate', {
      vendor,
      model,
      template_name: template,
      provisioning_method: method,
      phone_list: [
        { mac: '00:1A:2B:3C:4D:99', ext_id: first?.id },
        { mac: '00:1A:2B:3C:4D:98', ext_id: second?.id },
      ],
    });
    expect(created.body).toMatchObject({ ok: true });
    const [entry] = await auditOf('pbx:phone/batchcreate');
    expect(entry && auditSentence(entry)).toBe(
      `admin added 2 ${vendor} ${model} phones: 00:1A:2B:3C:4D:99 to extension id ${first?.id}, ` +
        `00:1A:2B:3C:4D:98 to extension id ${second?.id}`,
    );
    expect(JSON.stringify(entry)).not.toMatch(/[[{]"mac"/);
  });

  it('answers message channels without provider secrets', async () => {
    const list = await pbx('message_channel/list', { page: 1, page_size: 50, time_range: 'all' });
    const channels = list.body.ok ? (list.body.data['list'] as { id: number; type: string }[]) : [];
    const channel = channels.find((item) => item.type !== 'livechat');
    expect(channel).toBeDefined();
    // What the simulator sends has secrets; what the gateway passes on has none.
    const direct = await gateway.app
      .get(PbxConnectionService)
      .request('message_channel/get', (client) => client.messageChannel.get({ id: channel?.id ?? 0 }));
    expect(secretPaths(direct).length).toBeGreaterThan(0);
    const detail = await pbx('message_channel/get', { id: channel?.id });
    expect(detail.body).toMatchObject({ ok: true, data: { data: { id: channel?.id } } });
    expect(secretPaths(detail.body)).toEqual([]);
    expect(JSON.stringify(detail.body)).not.toContain('verify_token');
  });

  it('lists the inbound routes in words, in the PBX’s table order, for admins only', async () => {
    const answer = await rest<RestResult<InboundRoutesAnswer>>(
      gateway.url,
      'GET',
      '/api/pbx-config/inbound-routes',
      admin,
    );
    expect(answer.status).toBe(200);
    const routes = answer.body.ok ? answer.body.data.routes : [];
    expect(routes.length).toBeGreaterThan(0);
    expect(routes[0]).toMatchObject({ id: expect.any(Number), defaultDestination: expect.any(String) });
    expect(routes.some((route) => route.defaultDestination.startsWith('queue '))).toBe(true);
    // Listed by position (1, 2, ...), which is not id order: the simulator's newest route has an id past 1000
    // and sits first.
    expect(routes.map((route) => route.position)).toEqual(routes.map((_, i) => i + 1));
    expect(routes[0]?.id).toBeGreaterThan(1000);
    expect(
      (await rest(gateway.url, 'GET', '/api/pbx-config/inbound-routes', tokenFor(gateway, 'sup'))).status,
    ).toBe(403);
  });
});
