/**
 * The phones the simulated PBX can auto-provision, as auto_provisioning/compatibility lists them
 * (docs/pbx/configuration.md#phone-options): vendors, each vendor's models, each model's templates, and the
 * provisioning methods, whose `text` is the provisioning link. phone/batchcreate accepts these only.
 */
import { PROVISIONING_METHODS } from '@switchboard/pbx-api';

interface Model {
  value: string;
  type: string;
  templates: readonly string[];
}

interface Vendor {
  text: string;
  value: string;
  type: string;
  models: readonly Model[];
}

const desk = (value: string, templates: readonly string[] = []): Model => ({
  value,
  type: 'Deskphone',
  templates,
});

/** Vendors with their models and templates. */
export const PHONE_CATALOGUE: readonly Vendor[] = [
  {
    text: 'Alcatel-Lucent Enterprise',
    value: 'Ale',
    type: 'Deskphone',
    models: [desk('M7', ['Ale_M7_default'])],
  },
  {
    text: 'Fanvil',
    value: 'Fanvil',
    type: 'Deskphone',
    models: [desk('X6U', ['Fanvil_X6U_default']), desk('X4U', ['Fanvil_X4U_default'])],
  },
  {
    text: 'Grandstream',
    value: 'Grandstream',
    type: 'Deskphone',
    models: [desk('GRP2614', ['Grandstream_GRP2614_default'])],
  },
  {
    text: 'Yealink',
    value: 'Yealink',
    type: 'Deskphone',
    models: [
      desk('T54W', ['Yealink_T54W_default', 'Yealink_T54W_reception']),
      desk('T46U', ['Yealink_T46U_default']),
      { value: 'SIP-CP960', type: 'Conference phone', templates: ['YSDP_YealinkCP'] },
      { value: 'W73P', type: 'DECT phone', templates: ['Yealink_W73P_default'] },
    ],
  },
];

/** One option as the PBX answers it. */
export interface PhoneOptionRow {
  text: string;
  value: string;
  type: string;
}

const vendorOf = (value: unknown) => PHONE_CATALOGUE.find((vendor) => vendor.value === value);

/** The model `model` of any vendor, or of `vendor` when given. */
export function modelOf(model: unknown, vendor?: unknown): Model | undefined {
  const vendors = vendor === undefined ? PHONE_CATALOGUE : [vendorOf(vendor)].filter((v) => v !== undefined);
  return vendors.flatMap((v) => v.models).find((m) => m.value === model);
}

/**
 * Which of `vendor`, `model` and `template_name` (when given) the catalogue does not know, in that order; a
 * model is looked up within its vendor, a template within its model.
 */
export function unknownPhoneFields(ask: {
  vendor?: unknown;
  model?: unknown;
  template_name?: unknown;
}): string[] {
  if (ask.vendor !== undefined && !vendorOf(ask.vendor)) return ['vendor'];
  const model = ask.model === undefined ? undefined : modelOf(ask.model, ask.vendor);
  if (ask.model !== undefined && !model) return ['model'];
  if (ask.template_name !== undefined && model && !model.templates.includes(String(ask.template_name)))
    return ['template_name'];
  return [];
}

/** The options of `menu` for `vendor` / `model` (already checked to exist). */
export function phoneOptions(menu: string, vendor: unknown, model: unknown, link: string): PhoneOptionRow[] {
  if (menu === 'phone_vendor')
    return PHONE_CATALOGUE.map((v) => ({ text: v.text, value: v.value, type: v.type }));
  if (menu === 'phone_model')
    return (vendorOf(vendor)?.models ?? []).map((m) => ({ text: m.value, value: m.value, type: m.type }));
  if (menu === 'phone_template')
    return (modelOf(model, vendor)?.templates ?? []).map((t) => ({ text: t, value: t, type: '' }));
  return PROVISIONING_METHODS.map((method) => ({ text: link, value: method, type: '' }));
}
