/**
 * phone/batchcreate and phone/batchupdate (docs/pbx/configuration.md#ip-phones): auto-provisioned IP phones.
 * MAC addresses are unique (compared without separators or case), extensions and phone ids must exist, and a
 * batch update covers phones of one vendor and model.
 */
import type { HandlerTable } from '../contracts.js';
import { duplicateKey, invalidParams, type DuplicateField, type InvalidParam } from '../sim-errors.js';
import { nextId, type ResourceContext, type SimResource } from './sim-resource.js';

interface Phone {
  id: number;
  mac: string;
  ext_id: number;
  vendor: string;
  model: string;
  template_name: string;
  provisioning_method: string;
}

const normaliseMac = (mac: string) => mac.replace(/[:-]/g, '').toUpperCase();

/** Auto-provisioned phones. */
export class PhoneResource implements SimResource {
  private phones = new Map<number, Phone>();
  readonly handlers: HandlerTable = {
    'phone/batchcreate': ({ params }) => this.batchCreate(params),
    'phone/batchupdate': ({ params }) => this.batchUpdate(params),
  };

  constructor(private readonly context: ResourceContext) {}

  reset(): void {
    this.phones = new Map();
  }

  /** A copy of the phones (tests, diagnostics). */
  list(): Phone[] {
    return [...this.phones.values()].map((phone) => ({ ...phone }));
  }

  private batchCreate(params: Record<string, unknown>): Record<string, never> {
    const items = params['phone_list'] as { mac: string; ext_id: number }[];
    this.checkExtensions(items, 'phone_list');
    this.checkMacs(
      items.map((item, index) => ({ mac: item.mac, field: `phone_list[${index}].mac` })),
      new Set(),
    );
    let id = nextId(this.phones.keys());
    for (const item of items) {
      this.phones.set(id, {
        id,
        mac: item.mac,
        ext_id: Number(item.ext_id),
        vendor: String(params['vendor']),
        model: String(params['model']),
        template_name: String(params['template_name']),
        provisioning_method: String(params['provisioning_method']),
      });
      id++;
    }
    return {};
  }

  private batchUpdate(params: Record<string, unknown>): Record<string, never> {
    const batch = (params['batch_id_list'] as (number | string)[]).map(Number);
    const items = params['phone_list'] as { id: number; mac: string; ext_id: number }[];
    const problems: InvalidParam[] = [];
    batch.forEach((id, index) => {
      if (!this.phones.has(id))
        problems.push({ field: `batch_id_list[${index}]`, validation_type: 'not_exist', value: String(id) });
    });
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
    const models = new Set(batch.map((id) => `${this.phones.get(id)?.vendor}/${this.phones.get(id)?.model}`));
    if (models.size > 1) throw invalidParams([{ field: 'batch_id_list', validation_type: 'same_model' }]);
    this.checkExtensions(items, 'phone_list');
    // Phones of this update get new MACs, so two of them may swap addresses.
    this.checkMacs(
      items.map((item, index) => ({ mac: item.mac, field: `phone_list[${index}].mac` })),
      new Set(items.map((item) => Number(item.id))),
    );
    for (const item of items) {
      const phone = this.phones.get(Number(item.id));
      if (phone) Object.assign(phone, { mac: item.mac, ext_id: Number(item.ext_id) });
    }
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
      for (const phone of this.phones.values()) {
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
