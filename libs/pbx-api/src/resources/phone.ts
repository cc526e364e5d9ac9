import { firstIfArray } from '../quirks.js';
import type { PhoneDetail, PhoneGetResponse } from './phone.types.js';
import { reading, resourceWith } from './resource.js';

/**
 * IP phones on the auto provisioning list (docs/pbx/configuration.md#ip-phones). The PBX has no phone list
 * and no single delete: search with no keyword lists them, batchDelete removes one or more.
 */
export class PhoneResource extends resourceWith({
  /** POST phone/batchcreate: adds phones of one vendor and model. */
  batchCreate: 'phone/batchcreate',
  /** POST phone/batchupdate: changes which extensions several phones are assigned to. */
  batchUpdate: 'phone/batchupdate',
  /** GET phone/search: one page of phones whose MAC, vendor, model or extension contains `search_value`. */
  search: 'phone/search',
  /** GET phone/get: one phone's provisioning details, as an object even when the PBX wraps it in an array. */
  get: reading('phone/get', (answer: { data: PhoneDetail | PhoneDetail[] } & PhoneGetResponse) => ({
    ...answer,
    data: firstIfArray(answer.data) as PhoneDetail,
  })),
  /** POST phone/batchdelete: removes phones from the auto provisioning list. Never retried. */
  batchDelete: 'phone/batchdelete',
  /** POST phone/batchreprovision: sends the phones their configuration again. Never retried. */
  batchReprovision: 'phone/batchreprovision',
  /**
   * GET auto_provisioning/compatibility: the vendors, a vendor's models, a model's templates, or the
   * provisioning methods of a vendor and model, as batchCreate needs them.
   */
  options: 'auto_provisioning/compatibility',
}) {}
