/**
 * ivr create, list, search, get, query, update and delete (docs/pbx/configuration.md#ivr). The IVR number
 * shares the PBX's number space with extensions and queues, so it may not repeat their numbers or another
 * IVR's; names are unique among IVRs. References must exist: extensions in `dial_ext_list` /
 * `restrict_dial_ext_list`, and the objects a key, the timeout or invalid input sends callers to (an
 * extension, its voicemail, a queue, an IVR or a conference, named by id or number); otherwise 40002 names
 * the field. Update takes the create fields and the sample's `allow_out_record_invaild` (quirks.ts, 15). An IVR
 * another IVR's key leads to cannot be deleted (40002 naming `id`, `in_use`).
 */
import { IVR_KEYS, ivrCreateCanonical } from '@switchboard/pbx-api';
import type { HandlerTable } from '../contracts.js';
import {
  duplicateKey,
  invalidParams,
  paramError,
  type DuplicateField,
  type InvalidParam,
} from '../sim-errors.js';
import { ConfigStore, editableHandlers } from './config-store.js';
import type { ResourceContext, SimResource } from './sim-resource.js';

/** An IVR: what list shows, and every other field as it was last sent. */
interface Ivr {
  id: number;
  number: string;
  name: string;
  settings: Record<string, unknown>;
}

/** Fields of the detail form when never sent. */
const DEFAULTS = {
  prompt: 'default',
  prompt_repeat: 3,
  resp_timeout: 3,
  digit_timeout: 3,
  dial_ext_option: 'disable',
  enb_dial_outb_routes: 0,
  enb_dial_check_vm: 0,
};

const SEED: readonly Ivr[] = [
  {
    id: 1,
    number: '6200',
    name: 'Main Menu',
    settings: {
      prompt: 'default,welcome.wav',
      prompt_repeat: 2,
      dial_ext_option: 'all',
      press0_dest: 'extension',
      press0_dest_value: '1',
      press1_dest: 'queue',
      press1_dest_value: '6400',
      press2_dest: 'queue',
      press2_dest_value: '6401',
      press9_dest: 'ivr',
      press9_dest_value: '2',
      timeout_dest: 'ext_vm',
      timeout_dest_value: '1',
      invalid_dest: 'play_prompt',
      invalid_dest_prefix: '1',
      invalid_dest_value: 'invalid.wav',
    },
  },
  {
    id: 2,
    number: '6201',
    name: 'After Hours',
    settings: {
      prompt: 'closed.wav',
      dial_ext_option: 'disable',
      press1_dest: 'ext_vm',
      press1_dest_value: '1',
      timeout_dest: 'end_call',
    },
  },
];

/** Every key's destination field base: `press0` ... `press_star`, `timeout`, `invalid`. */
const KEY_BASES = [...IVR_KEYS.map((key) => `press${key}`), 'timeout', 'invalid'];

/** IVRs. */
export class IvrResource implements SimResource {
  readonly store = new ConfigStore<Ivr>({
    resource: 'ivr',
    seed: () => SEED.map((ivr) => ({ ...ivr, settings: { ...ivr.settings } })),
    searchIn: (ivr) => [ivr.number, ivr.name],
    sortBy: { number: (ivr) => ivr.number, name: (ivr) => ivr.name },
  });
  readonly handlers: HandlerTable;

  constructor(private readonly context: ResourceContext) {
    this.handlers = {
      'ivr/create': ({ params }) => ({ id: this.create(params) }),
      ...editableHandlers(this.store, {
        rows: 'data',
        summary: (ivr) => this.summary(ivr),
        detail: (ivr) => ({ ...DEFAULTS, ...ivr.settings, ...this.summary(ivr) }),
        update: (id, params) => this.update(id, params),
        beforeDelete: (ivr) => this.checkUnused(ivr),
      }),
    };
  }

  reset(): void {
    this.store.reset();
  }

  /** Number of IVRs. */
  get size(): number {
    return this.store.all().length;
  }

  private summary(ivr: Ivr): Record<string, unknown> {
    return {
      id: ivr.id,
      number: ivr.number,
      name: ivr.name,
      dial_ext_option: ivr.settings['dial_ext_option'] ?? DEFAULTS.dial_ext_option,
      enb_dial_outb_routes: ivr.settings['enb_dial_outb_routes'] ?? DEFAULTS.enb_dial_outb_routes,
    };
  }

  private create(params: Record<string, unknown>): number {
    const { number, name, ...settings } = ivrCreateCanonical(params);
    this.checkNamesAndNumber({ number: String(number), name: String(name) }, undefined);
    this.checkReferences(settings);
    return this.store.insert({ number: String(number), name: String(name), settings }).id;
  }

  private update(id: unknown, params: Record<string, unknown>): void {
    const ivr = this.store.get(id);
    const { id: _id, number, name, ...settings } = ivrCreateCanonical(params);
    this.checkNamesAndNumber(
      {
        ...(number !== undefined ? { number: String(number) } : {}),
        ...(name !== undefined ? { name: String(name) } : {}),
      },
      ivr.id,
    );
    this.checkReferences(settings);
    this.store.update(ivr.id, {
      number: number !== undefined ? String(number) : ivr.number,
      name: name !== undefined ? String(name) : ivr.name,
      settings: { ...ivr.settings, ...settings },
    });
  }

  /** 40002 naming `id` (`in_use`) when another IVR's key sends callers to this one, as a PBX keeps it then. */
  private checkUnused(target: Ivr): void {
    const names = new Set([String(target.id), target.number]);
    const user = this.store
      .all()
      .find(
        (ivr) =>
          ivr.id !== target.id &&
          KEY_BASES.some(
            (base) =>
              ivr.settings[`${base}_dest`] === 'ivr' &&
              names.has(String(ivr.settings[`${base}_dest_value`] ?? '')),
          ),
      );
    if (user)
      throw paramError(
        'id',
        target.id,
        'in_use',
        `IVR ${user.number} ${user.name} sends callers to this IVR`,
      );
  }

  /** 40003 when the number is an extension's, a queue's or another IVR's, or the name another IVR's. */
  private checkNamesAndNumber(ask: { number?: string; name?: string }, self: number | undefined): void {
    const duplicates: DuplicateField[] = [];
    const taken = (field: string, value: string, source: string, holder: string) =>
      duplicates.push({ field, value, external_source: source, external_source_name: holder });
    const world = this.context.world();
    if (ask.number !== undefined) {
      const extension = world.extensions.find((e) => e.number === ask.number);
      if (extension) taken('number', ask.number, 'extension', extension.name);
      const queue = world.queues?.find((q) => q.number === ask.number);
      if (queue) taken('number', ask.number, 'queue', queue.name);
    }
    for (const ivr of this.store.all()) {
      if (ivr.id === self) continue;
      if (ivr.number === ask.number) taken('number', ask.number, 'ivr', ivr.name);
      if (ivr.name === ask.name) taken('name', ask.name, 'ivr', ivr.name);
    }
    if (duplicates.length > 0) throw duplicateKey(duplicates);
  }

  /** 40002 naming every field that refers to an extension, queue, IVR or conference that does not exist. */
  private checkReferences(settings: Record<string, unknown>): void {
    const world = this.context.world();
    const extension = new Set(world.extensions.flatMap((e) => [String(e.id), e.number]));
    // A hand-made world may list no queues or conferences: references to them are then not checked.
    const queue = world.queues && new Set(world.queues.flatMap((q) => [String(q.id), q.number]));
    const ivr = new Set(this.store.all().flatMap((i) => [String(i.id), i.number]));
    const known: Record<string, Set<string> | undefined> = {
      extension,
      ext_vm: extension,
      queue,
      ivr,
      conference: world.conferences && new Set(world.conferences.flatMap((c) => [String(c.id), c.number])),
    };
    const problems: InvalidParam[] = [];
    for (const listField of ['dial_ext_list', 'restrict_dial_ext_list']) {
      const items = settings[listField];
      if (!Array.isArray(items)) continue;
      items.forEach((item: { value?: unknown; type?: unknown }, index) => {
        if (item.type === 'extension' && !extension.has(String(item.value)))
          problems.push({
            field: `${listField}[${index}].value`,
            validation_type: 'not_exist',
            value: String(item.value),
            message: 'no extension has this id',
          });
      });
    }
    for (const base of KEY_BASES) {
      const type = settings[`${base}_dest`];
      const objects = typeof type === 'string' ? known[type] : undefined;
      const value = settings[`${base}_dest_value`];
      if (objects && !objects.has(String(value ?? '')))
        problems.push({
          field: `${base}_dest_value`,
          validation_type: 'not_exist',
          value: String(value ?? ''),
          message: `no ${String(type)} has this id or number`,
        });
    }
    if (problems.length > 0) throw invalidParams(problems);
  }
}
