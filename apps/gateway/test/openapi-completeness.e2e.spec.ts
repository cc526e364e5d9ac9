import type { OpenAPIObject, OperationObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS } from '../src/admin/admin-operations.js';
import { API_DOCS_JSON_PATH, API_DOCS_PATH } from '../src/api-docs/api-docs.js';
import type { RunningGateway } from '../src/create-app.js';
import { registeredRoutes } from './support/access-inventory.js';
import { passwordOf, tokenFor } from './support/auth-fixtures.js';
import { rest } from './support/command-client.js';
import { queues1And2Polled, startStack, stopStack } from './support/stack.js';
import { schemaProblems } from './support/schema-check.js';
import type { RunningSimulator } from './support/simulator.js';

/** The one parametric route: documented as one path per admin operation. */
const ADMIN_ROUTE = 'POST /api/pbx/:resource/:action';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `/api/display-tokens/:id` as OpenAPI writes it: `/api/display-tokens/{id}`. */
const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');

/** What the document must list for one registered route, as `METHOD /path`. */
function documentedFormsOf(route: string): string[] {
  if (route === ADMIN_ROUTE) return ADMIN_OPERATIONS.map((operation) => `POST /api/pbx/${operation.name}`);
  const [method = '', path = ''] = route.split(' ');
  return [`${method} ${openApiPath(path)}`];
}

function operations(document: OpenAPIObject): Map<string, OperationObject> {
  const found = new Map<string, OperationObject>();
  for (const [path, item] of Object.entries(document.paths))
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) found.set(`${method.toUpperCase()} ${path}`, operation);
    }
  return found;
}

/**
 * The documentation of the gateway's REST is made from its controllers; this holds it to what the HTTP server
 * really serves: every registered route documented, nothing documented that is not served, and the answers
 * of real calls in the documented shapes.
 */
describe('OpenAPI document', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let document: OpenAPIObject;
  let admin: string;

  /** Calls a route and checks the answer against the document's response for the status it got. */
  async function call(method: string, path: string, documented: string, body?: unknown) {
    const answer = await rest(gateway.url, method, path, admin, body);
    const operation = operations(document).get(`${method} ${documented}`);
    const response = operation?.responses[String(answer.status)] as ResponseObject | undefined;
    const problems = (() => {
      if (!response) return [`answered ${answer.status}, which is not documented`];
      const [type, content] = Object.entries(response.content ?? {})[0] ?? [];
      if (!type || !content?.schema) return [`its ${answer.status} answer has no documented content`];
      if (!answer.headers.get('content-type')?.startsWith(type))
        return [`answered ${answer.headers.get('content-type')}, documented as ${type}`];
      return schemaProblems(document, content.schema, answer.body);
    })();
    return { ...answer, problems: problems.map((problem) => `${method} ${path}: ${problem}`) };
  }

  beforeAll(async () => {
    ({ sim, gateway } = await startStack(
      { scenario: 'contact-center', trafficRate: 0, seed: 7 },
      { QUEUES: '1,2', POLL_QUEUES_MS: '500' },
    ));
    await queues1And2Polled(gateway);
    admin = tokenFor(gateway, 'admin');
    // A display link (and so an audit entry) to list: an empty list would check no item against its schema.
    expect(
      (await rest(gateway.url, 'POST', '/api/display-tokens', admin, { name: 'kept', queues: [1] })).status,
    ).toBe(201);
    const docs = await rest<OpenAPIObject>(gateway.url, 'GET', `/${API_DOCS_JSON_PATH}`);
    expect(docs.status).toBe(200);
    document = docs.body;
  });
  afterAll(() => stopStack(gateway, sim));

  it('documents every registered route, and documents nothing that is not registered', () => {
    const docsRoute = new RegExp(`^/(${API_DOCS_PATH}|${API_DOCS_JSON_PATH})(/|$)`);
    const routes = registeredRoutes(gateway.app)
      // ALL: Nest's middleware for every path, not an endpoint; the docs do not document themselves.
      .filter((route) => route.method !== 'ALL' && !docsRoute.test(route.path))
      .map((route) => `${route.method} ${route.path}`);
    const documented = new Set(operations(document).keys());
    const expected = new Set(routes.flatMap(documentedFormsOf));
    const problems = [
      ...routes.flatMap((route) =>
        documentedFormsOf(route)
          .filter((form) => !documented.has(form))
          .map(
            (form) =>
              `registered route ${route} is not documented${form.endsWith(route) ? '' : ` as ${form}`}`,
          ),
      ),
      ...[...documented]
        .filter((form) => !expected.has(form))
        .map((form) => `documented ${form} is not a registered route`),
    ];
    expect(problems).toEqual([]);
    expect(routes).toEqual(expect.arrayContaining(['GET /api/queues', 'GET /healthz', ADMIN_ROUTE]));
  });

  it('gives every operation an id, a summary or description, and a success answer with its content', () => {
    const problems: string[] = [];
    for (const [key, operation] of operations(document)) {
      if (!operation.operationId) problems.push(`${key} has no operationId`);
      if (!operation.summary && !operation.description) problems.push(`${key} has no summary`);
      const success = Object.entries(operation.responses).filter(([status]) => /^2/.test(status));
      if (success.length === 0) problems.push(`${key} documents no success answer`);
      for (const [status, response] of success)
        if (!Object.values((response as ResponseObject).content ?? {})[0]?.schema)
          problems.push(`${key} documents its ${status} answer without a schema`);
    }
    expect(problems).toEqual([]);
  });

  it('documents every PBX operation’s answer with its fields, never as an untyped object', () => {
    const untyped = ADMIN_OPERATIONS.filter(({ name }) => {
      const ok = operations(document).get(`POST /api/pbx/${name}`)?.responses['200'] as
        ResponseObject | undefined;
      const data = (ok?.content?.['application/json']?.schema as SchemaObject | undefined)?.properties?.[
        'data'
      ] as SchemaObject | undefined;
      return !(
        data?.type === 'array' ||
        (data?.type === 'object' && Object.keys(data.properties ?? {}).length > 0)
      );
    }).map(({ name }) => name);
    expect(untyped).toEqual([]);
  });

  it('answers PBX reads through the admin REST in their documented shapes', async () => {
    const reads: [string, Record<string, unknown>][] = [
      ['system/information', {}],
      ['queue/list', {}],
      ['extension/list', { page_size: 5 }],
      ['queue/agent_status', { id: 1 }],
      ['queue/call_status', { id: 1 }],
      ['cdr/search', { page_size: 20 }],
      ['inbound_route/query', { ids: '1,2,3,4,5' }],
      ['inbound_route/list', { sort_by: 'pos' }],
      ['inbound_route/search', { search_value: 'line', page_size: 2 }],
      ['company_contact/query', { ids: '1,2,3' }],
      ['message_channel/list', { page: 1, page_size: 10, time_range: 'all' }],
      ['queue_pause_reason/list', {}],
      ['recording/list', { page_size: 5 }],
      ['block_numbers/list', {}],
      ['allow_numbers/query', { ids: '1,2' }],
      ['ivr/list', {}],
      ['pin_list/list', {}],
      ['message_queue/list', { page: 1, page_size: 10 }],
      ['message_queue/query', { ids: '1,2' }],
      ['phone/search', {}],
      ['company_contact/list', {}],
      ['message_session/list', { page_size: 10, user_type: 9 }],
      ['system/get_menuoptions', { menu: 'extension' }],
      ['auto_provisioning/compatibility', { menu: 'phone_vendor' }],
    ];
    const answers = await Promise.all(
      reads.map(([name, body]) => call('POST', `/api/pbx/${name}`, `/api/pbx/${name}`, body)),
    );
    expect(answers.flatMap((answer) => answer.problems)).toEqual([]);
    expect(answers.map((answer, i) => `${answer.status} ${reads[i]?.[0]}`)).toEqual(
      reads.map(([name]) => `200 ${name}`),
    );
  });

  it('answers the writes and their errors in the documented shapes', async () => {
    const login = await call('POST', '/api/auth/login', '/api/auth/login', {
      username: 'admin',
      password: passwordOf('admin'),
    });
    const created = await call('POST', '/api/display-tokens', '/api/display-tokens', {
      name: 'docs check',
      queues: [1, 2],
      board: { theme: 'light', rotateSec: 30, sound: false },
    });
    const id = (created.body as { data: { display: { id: string } } }).data.display.id;
    const revoked = await call('DELETE', `/api/display-tokens/${id}`, '/api/display-tokens/{id}');
    const unknown = await call('DELETE', `/api/display-tokens/${id}`, '/api/display-tokens/{id}');
    const invalid = await call('POST', '/api/display-tokens', '/api/display-tokens', { name: '' });
    const pbx = await call('POST', '/api/pbx/system/information', '/api/pbx/system/information');
    const all = [login, created, revoked, unknown, invalid, pbx];
    expect(all.flatMap((answer) => answer.problems)).toEqual([]);
    expect(all.map((answer) => answer.status)).toEqual([200, 201, 200, 404, 400, 200]);
  });

  it('answers every documented GET an admin can call in its documented shape', async () => {
    // A GET that needs a query parameter (a ticket link such as /api/calls/export.csv) is not callable as is.
    const needsQuery = (key: string) =>
      (operations(document).get(key)?.parameters ?? []).some(
        (parameter) => 'in' in parameter && parameter.in === 'query' && parameter.required === true,
      );
    const gets = [...operations(document).keys()]
      .filter((key) => key.startsWith('GET ') && !key.includes('{') && !needsQuery(key))
      .map((key) => key.slice('GET '.length));
    expect(gets).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/readyz',
        '/metrics',
        '/api/queues',
        '/api/display-tokens',
        '/api/audit',
        '/api/auth/options',
      ]),
    );
    // A contact point, so its list is checked item by item too.
    const contact = await call('POST', '/api/alert-channels', '/api/alert-channels', {
      kind: 'webpush',
      name: 'OpenAPI phones',
      queues: 'all',
    });
    expect([contact.status, ...contact.problems]).toEqual([201]);
    const answers = await Promise.all(gets.map((path) => call('GET', path, path)));
    expect(answers.flatMap((answer) => answer.problems)).toEqual([]);
    expect(answers.map((answer, index) => `${answer.status} ${gets[index]}`)).toEqual(
      gets.map((path) => `200 ${path}`),
    );
    // Lists were checked item by item: none was empty.
    const lists = answers.filter((answer) => Array.isArray((answer.body as { data?: unknown }).data));
    expect(lists.map((answer) => (answer.body as { data: unknown[] }).data.length > 0)).not.toContain(false);
  });
});
