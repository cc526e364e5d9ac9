/**
 * Contract checks shared by the configuration resources that have list / search / get / query / update /
 * delete (docs/pbx/configuration.md#reading-and-editing-configuration): one round trip through all six
 * against the simulator's state, a taken name on update (40003), unknown ids (40004), and the shared checks
 * of every operation (same validation both sides, wrong token, renewal).
 */
import { PBX_ERRCODE, type PbxClient, type PbxOperationName } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { expectPbxError, invalidAsSent, itHonoursTheContract, type ContractSim } from './contract-kit.js';

type Answer = Record<string, unknown>;
type Call = (params: never) => Promise<unknown>;

/** The six methods as the client offers them for one resource (create as well, when it exists). */
export interface EditableMethods {
  list: Call;
  search: Call;
  get: Call;
  query: Call;
  update: Call;
  delete: Call;
}

/** The six operations of an editable resource, in the order of {@link EditableMethods}. */
export const EDITABLE_VERBS = ['list', 'search', 'get', 'query', 'update', 'delete'] as const;

type EditableVerb = (typeof EDITABLE_VERBS)[number];
/** Whether all six operations of `Resource` are in the catalogue. */
type HasSixOperations<Resource extends string> = [`${Resource}/${EditableVerb}`] extends [PbxOperationName]
  ? Resource
  : never;
/** A resource (the part of an operation name before the slash) whose six operations are all in the catalogue. */
export type EditableResource = {
  [Op in PbxOperationName]: Op extends `${infer Resource}/list` ? HasSixOperations<Resource> : never;
}[PbxOperationName];

/** One resource's case. */
export interface EditableCase {
  /**
   * The resource whose six operations ({@link EDITABLE_VERBS}) are checked; the round trip asserts each
   * reached the simulator, so the coverage check (operations-called.ts) may count them as called.
   */
  resource: EditableResource;
  methods: (client: PbxClient) => EditableMethods;
  /** Where list, search and query return rows. */
  rows: 'data' | 'list';
  /** Creates a fresh object (unique per `n`) and answers its id and name. */
  create: (client: PbxClient, n: number) => Promise<{ id: number; name: string }>;
  /** list's parameters that every call needs (message queues require paging). */
  listParams?: Record<string, unknown>;
  /** An update of object `id` and what get must show afterwards. */
  change: (id: number, n: number) => { params: Record<string, unknown>; shows: Record<string, unknown> };
  /** Update params that give object `id` the name `name` (40003 when another object has it). */
  rename: (id: number, name: string) => Record<string, unknown>;
  /** A create or update that names an extension (or other object) that does not exist: 40002 naming `field`. */
  unknownReference?: { call: (client: PbxClient, id: number) => Promise<unknown>; field: string };
}

/** Declares the shared tests of one resource. */
export function describeEditable(get: () => ContractSim, c: EditableCase): void {
  const opOf = (verb: EditableVerb) => `${c.resource}/${verb}` as PbxOperationName;
  let serial = 700;
  const fresh = () => c.create(get().client, ++serial);
  const m = (client: PbxClient) =>
    c.methods(client) as unknown as Record<keyof EditableMethods, (p?: unknown) => Promise<Answer>>;
  const listParams = c.listParams ?? {};
  const rowsOf = (answer: Answer) => answer[c.rows] as { id: number; name?: string }[];
  /** Runs `call` and asserts the simulator served `op` for it: the method really sends that operation. */
  const sends = async (op: PbxOperationName, call: () => Promise<Answer>): Promise<Answer> => {
    const before = get().sim.stats.requestCount(op);
    const answer = await call();
    expect(get().sim.stats.requestCount(op), `${op} reached the simulator`).toBeGreaterThan(before);
    return answer;
  };

  describe(`${c.resource}: list, search, get, query, update, delete`, () => {
    it('a new object appears in list, search, get and query; update changes it; delete removes it', async () => {
      const { client } = get();
      const created = await fresh();
      const listed = await sends(opOf('list'), () =>
        m(client).list({ ...listParams, page: 1, page_size: 10_000 }),
      );
      expect(rowsOf(listed).map((row) => row.id)).toContain(created.id);
      expect(listed['total_number']).toBe(rowsOf(listed).length);
      const found = await sends(opOf('search'), () =>
        m(client).search({ ...listParams, search_value: created.name.toUpperCase() }),
      );
      expect(rowsOf(found).map((row) => row.id)).toEqual([created.id]);
      expect((await sends(opOf('get'), () => m(client).get({ id: created.id })))['data']).toMatchObject({
        id: created.id,
        name: created.name,
      });
      const queried = await sends(opOf('query'), () => m(client).query({ ids: `${created.id},999999` }));
      expect(rowsOf(queried).map((row) => row.id)).toEqual([created.id]);

      const change = c.change(created.id, ++serial);
      expect(await sends(opOf('update'), () => m(client).update(change.params))).toEqual({
        errcode: 0,
        errmsg: 'SUCCESS',
      });
      expect((await m(client).get({ id: created.id }))['data']).toMatchObject({
        id: created.id,
        ...change.shows,
      });

      expect(await sends(opOf('delete'), () => m(client).delete({ id: created.id }))).toEqual({
        errcode: 0,
        errmsg: 'SUCCESS',
      });
      const after = await m(client).list({ ...listParams, page: 1, page_size: 10_000 });
      expect(rowsOf(after).map((row) => row.id)).not.toContain(created.id);
      expect(rowsOf(await m(client).query({ ids: String(created.id) }))).toEqual([]);
    });

    it('get, update and delete of an id that does not exist (or no longer does) are 40004 naming id', async () => {
      const { client } = get();
      const { id } = await fresh();
      await m(client).delete({ id });
      for (const call of [
        () => m(client).get({ id }),
        () => m(client).update(c.rename(id, `Ghost ${id}`)),
        () => m(client).delete({ id }),
      ]) {
        const error = await expectPbxError(call(), PBX_ERRCODE.NOT_FOUND);
        expect(error.invalidParamList[0]).toMatchObject({ field: 'id', value: String(id) });
      }
    });

    it('renaming to a name another object has is 40003; keeping its own name is fine', async () => {
      const { client } = get();
      const [a, b] = [await fresh(), await fresh()];
      await expectPbxError(m(client).update(c.rename(b.id, a.name)), PBX_ERRCODE.DUPLICATE_KEY_VALUE);
      expect(await m(client).update(c.rename(b.id, b.name))).toMatchObject({ errcode: 0 });
      expect((await m(client).get({ id: b.id }))['data']).toMatchObject({ name: b.name });
    });

    const unknown = c.unknownReference;
    if (unknown) {
      it(`a reference to something that does not exist is 40002 naming ${unknown.field}`, async () => {
        const { id } = await fresh();
        const error = await expectPbxError(unknown.call(get().client, id), PBX_ERRCODE.PARAMETER_ERROR);
        expect(error.invalidParamList.map((entry) => entry.field)).toContain(unknown.field);
      });
    }

    // Each method sends the operation of the same name (opOf), so a case names the method only.
    const idCase = (method: 'get' | 'delete' | 'update', valid: (client: PbxClient) => Promise<unknown>) =>
      itHonoursTheContract(get, opOf(method), {
        valid,
        invalid: invalidAsSent({ id: 0 }, 'id', (client, input) => m(client)[method](input)),
      });
    const pageCase = (method: 'list' | 'search') =>
      itHonoursTheContract(get, opOf(method), {
        valid: (client) => m(client)[method]({ ...listParams, page: 1, page_size: 5 }),
        invalid: invalidAsSent({ ...listParams, page: 1, page_size: 0 }, 'page_size', (client, input) =>
          m(client)[method](input),
        ),
      });
    pageCase('list');
    pageCase('search');
    idCase('get', async (client) => m(client).get({ id: (await fresh()).id }));
    itHonoursTheContract(get, opOf('query'), {
      valid: (client) => m(client).query({ ids: '1,2' }),
      invalid: invalidAsSent({ ids: 'one' }, 'ids', (client, input) => m(client).query(input)),
    });
    idCase('update', async (client) => {
      const { id, name } = await fresh();
      return m(client).update(c.rename(id, name));
    });
    idCase('delete', async (client) => m(client).delete({ id: (await fresh()).id }));
  });
}
