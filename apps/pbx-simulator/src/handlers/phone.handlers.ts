/**
 * Auto-provisioned IP phones (docs/pbx/configuration.md#ip-phones): phone/batchcreate, batchupdate, search,
 * get, batchdelete, batchreprovision and auto_provisioning/compatibility. MAC addresses are unique (compared
 * without separators or case), extensions, phone ids, vendors, models and templates must exist, and a batch
 * update covers phones of one vendor and model. There is no phone/list and no single delete (the PBX has
 * none): search with no keyword lists every phone. get answers the object form (quirks.ts, 13).
 */
import type { HandlerTable } from '../contracts.js';
import { SeededRandom } from '../support/seeded-random.js';
import { duplicateKey, invalidParams, type DuplicateField, type InvalidParam } from '../sim-errors.js';
import { ConfigStore } from './config-store.js';
import { phoneOptions, unknownPhoneFields } from './phone-catalogue.js';
import type { ResourceContext, SimResource } from './sim-resource.js';

interface Phone {
  id: number;
  mac: string;
  ext_id: number;
  vendor: string;
  model: string;
  template_name: string;
  provisioning_method: string;
  enb_rps_auth: number;
  firmware: string;
  /** Whether the phone has registered its extension (seeded phones have; new ones have not yet). */
  registered: boolean;
}

const normaliseMac = (mac: string) => mac.replace(/[:-]/g, '').toUpperCase();

/** The fields that open both forms of a phone, search's row and get's object, in the PBX's order. */
const identity = ({ id, mac, vendor, model, template_name }: Phone) => ({
  id,
  mac,
  vendor,
  model,
  template_name,
});

/** Phones every scenario starts with (ids 1-4), on the first extensions. */
const SEED: readonly Omit<Phone, 'ext_id'>[] = [
  ['805EC0A10001', 'Yealink', 'T54W', 'Yealink_T54W_default', '96.86.0.70'],
  ['805EC0A10002', 'Yealink', 'T54W', 'Yealink_T54W_default', '96.86.0.70'],
  ['0C383E0A0003', 'Fanvil', 'X6U', 'Fanvil_X6U_default', '2.12.9'],
  ['805EC0A10004', 'Yealink', 'SIP-CP960', 'YSDP_YealinkCP', '73.86.0.20'],
].map(([mac = '', vendor = '', model = '', template = '', firmware = ''], index) => ({
  id: index + 1,
  mac,
  vendor,
  model,
  template_name: template,
  provisioning_method: 'rps',
  enb_rps_auth: 0,
  firmware,
  registered: true,
}));

/** Auto-provisioned phones. */
export class PhoneResource implements SimResource {
  readonly store: ConfigStore<Phone>;
  readonly handlers: HandlerTable = {
    'phone/batchcreate': ({ params }) => this.batchCreate(params),
    'phone/batchupdate': ({ params }) => this.batchUpdate(params),
    'phone/search': ({ params }) => {
      const { total, items } = this.store.page(params);
      return { total_number: total, data: items.map((phone) => this.summary(phone)) };
    },
    'phone/get': ({ params }) => ({ data: this.detail(this.store.get(params['id'])) }),
    'phone/batchdelete': ({ params }) => {
      for (const id of this.batch(params)) this.store.delete(id);
      return {};
    },
    // Sends the phones their configuration again; nothing the interface shows changes.
    'phone/batchreprovision': ({ params }) => {
      this.batch(params);
      return {};
    },
    'auto_provisioning/compatibility': ({ params }) => {
      const unknown = unknownPhoneFields({ vendor: params['vendor'], model: params['model'] });
      if (unknown.length > 0) throw this.notInCatalogue(unknown, params);
      return {
        data: phoneOptions(String(params['menu']), params['vendor'], params['model'], this.link('autop')),
      };
    },
  };

  constructor(private readonly context: ResourceContext) {
    const extensions = () => context.world().extensions;
    this.store = new ConfigStore<Phone>({
      resource: 'phone',
      seed: () => SEED.map((phone, index) => ({ ...phone, ext_id: extensions()[index]?.id ?? index + 1 })),
      searchIn: (phone) => {
        const ext = this.extension(phone.ext_id);
        return [
          phone.mac,
          normaliseMac(phone.mac),
          phone.vendor,
          phone.model,
          ext?.number ?? '',
          ext?.name ?? '',
        ];
      },
      sortBy: { vendor: (phone) => phone.vendor, model: (phone) => phone.model, ip: () => '' },
    });
  }

  reset(): void {
    this.store.reset();
  }

  /** A copy of the phones (tests, diagnostics). */
  list(): Phone[] {
    return this.store.all().map((phone) => ({ ...phone }));
  }

  private extension(id: number) {
    return this.context.world().extensions.find((e) => e.id === id);
  }

  private summary(phone: Phone): Record<string, unknown> {
    const ext = this.extension(phone.ext_id);
    return {
      ...identity(phone),
      // Only phones provisioned by PnP report their private IP; the simulator's are all provisioned by RPS.
      ip: '',
      firmware: phone.firmware,
      assigned_ext_status: phone.registered ? 'Registered' : 'Unregistered',
      assigned_ext_num: ext?.number ?? 'Unassigned',
      assigned_ext_name: ext?.name ?? 'Unassigned',
    };
  }

  private detail(phone: Phone): Record<string, unknown> {
    return {
      ...identity(phone),
      provisioning_method: phone.provisioning_method,
      provisioning_link: this.link(`phone:${phone.id}`),
      enb_rps_auth: phone.enb_rps_auth,
      assigned_extension: String(phone.ext_id),
    };
  }

  /** A provisioning link that stays the same for a seed and key. */
  private link(key: string): string {
    const token = SeededRandom.forKey(this.context.seed, `autoprovision:${key}`).hex(16);
    return `http://192.168.5.150:7778/api/autoprovision/${token}`;
  }

  /** The ids of `batch_id_list`, each an existing phone; 40002 naming every one that is not. */
  private batch(params: Record<string, unknown>): number[] {
    const batch = (params['batch_id_list'] as (number | string)[]).map(Number);
    const problems: InvalidParam[] = [];
    batch.forEach((id, index) => {
      if (!this.store.has(id))
        problems.push({ field: `batch_id_list[${index}]`, validation_type: 'not_exist', value: String(id) });
    });
    if (problems.length > 0) throw invalidParams(problems);
    return [...new Set(batch)];
  }

  private notInCatalogue(fields: string[], params: Record<string, unknown>) {
    return invalidParams(
      fields.map((field) => ({
        field,
        validation_type: 'not_exist',
        value: String(params[field]),
        message: 'is not among the auto provisioning options (auto_provisioning/compatibility)',
      })),
    );
  }

  private batchCreate(params: Record<string, unknown>): Record<string, never> {
    const unknown = unknownPhoneFields(params);
    if (unknown.length > 0) throw this.notInCatalogue(unknown, params);
    const items = params['phone_list'] as { mac: string; ext_id: number }[];
    this.checkExtensions(items, 'phone_list');
    this.checkMacs(
      items.map((item, index) => ({ mac: item.mac, field: `phone_list[${index}].mac` })),
      new Set(),
    );
    for (const item of items) {
      this.store.insert({
        mac: item.mac,
        ext_id: Number(item.ext_id),
        vendor: String(params['vendor']),
        model: String(params['model']),
        template_name: String(params['template_name']),
        provisioning_method: String(params['provisioning_method']),
        enb_rps_auth: Number(params['enb_rps_auth'] ?? 0),
        firmware: '',
        registered: false,
      });
    }
    return {};
  }

  private batchUpdate(params: Record<string, unknown>): Record<string, never> {
    const batch = this.batch(params);
    const items = params['phone_list'] as { id: number; mac: string; ext_id: number }[];
    const problems: InvalidParam[] = [];
    items.forEach((item, index) => {
      const id = Number(item.id);
      if (!batch.includes(id))
        problems.push({
          field: `phone_list[${index}].id`,
          validation_type: 'not_in_batch',
          value: String(id),
        });
    });
    if (problems.length > 0) throw invalidParams(problems);
    const phones = batch.map((id) => this.store.get(id));
    if (new Set(phones.map((phone) => `${phone.vendor}/${phone.model}`)).size > 1)
      throw invalidParams([{ field: 'batch_id_list', validation_type: 'same_model' }]);
    this.checkExtensions(items, 'phone_list');
    // Phones of this update get new MACs, so two of them may swap addresses.
    this.checkMacs(
      items.map((item, index) => ({ mac: item.mac, field: `phone_list[${index}].mac` })),
      new Set(items.map((item) => Number(item.id))),
    );
    for (const item of items) this.store.update(item.id, { mac: item.mac, ext_id: Number(item.ext_id) });
    return {};
  }

  private checkExtensions(items: { ext_id: number }[], listField: string): void {
    const known = new Set(this.context.world().extensions.map((e) => e.id));
    const problems: InvalidParam[] = [];
    items.forEach((item, index) => {
      if (!known.has(Number(item.ext_id))) {
        problems.push({
          field: `${listField}[${index}].ext_id`,
          validation_type: 'not_exist',
          value: String(item.ext_id),
        });
      }
    });
    if (problems.length > 0) throw invalidParams(problems);
  }

  /** 40003 for a MAC used twice in the request or by another phone. */
  private checkMacs(entries: { mac: string; field: string }[], changing: Set<number>): void {
    const duplicates: DuplicateField[] = [];
    const inRequest = new Map<string, string>();
    for (const entry of entries) {
      const mac = normaliseMac(entry.mac);
      const earlier = inRequest.get(mac);
      if (earlier)
        duplicates.push({
          field: entry.field,
          value: entry.mac,
          external_source: 'request',
          external_source_name: earlier,
        });
      inRequest.set(mac, entry.field);
      for (const phone of this.store.all()) {
        if (!changing.has(phone.id) && normaliseMac(phone.mac) === mac) {
          duplicates.push({
            field: entry.field,
            value: entry.mac,
            external_source: 'phone',
            external_source_name: `${phone.model} ${phone.mac}`,
          });
        }
      }
    }
    if (duplicates.length > 0) throw duplicateKey(duplicates);
  }
}
