import type { PhoneOption, PhoneOptionsParams } from '@switchboard/pbx-api/rules';

export type { PhoneOption };
import { ref, shallowRef, watch, type Ref } from 'vue';
import { callPbx } from '../../api/admin-pbx.js';
import { useSessionStore } from '../../stores/session.store.js';

/** The vendor, model and template a batch of phones is added with. */
export interface PhoneModelChoice {
  vendor: string;
  model: string;
  template_name: string;
}

type Menu = 'phone_vendor' | 'phone_model' | 'phone_template';

/** One dependent list: its items, whether it is being read, and why it failed. */
export interface OptionList {
  items: Ref<PhoneOption[]>;
  loading: Ref<boolean>;
  error: Ref<string | null>;
}

function optionList(): OptionList {
  return { items: shallowRef([]), loading: ref(false), error: ref(null) };
}

async function read(
  list: OptionList,
  menu: Menu,
  params: Record<string, string>,
  token: string | null,
): Promise<void> {
  list.loading.value = true;
  list.error.value = null;
  const answer = await callPbx(
    'auto_provisioning/compatibility',
    // Each menu's caller passes the parameters that menu takes (use-phone-options' callers below).
    { menu, ...params } as PhoneOptionsParams,
    { token },
  );
  list.loading.value = false;
  if (answer.ok) list.items.value = (answer.data.data ?? []).filter((o) => typeof o.value === 'string');
  else {
    list.items.value = [];
    list.error.value = answer.error.message;
  }
}

/**
 * The PBX's phone options as three dependent lists (docs/pbx/configuration.md#phone-options): models are read
 * for the chosen vendor, templates for the chosen model; changing a choice clears the ones after it.
 */
export function usePhoneOptions(choice: Ref<PhoneModelChoice>) {
  const session = useSessionStore();
  const vendors = optionList();
  const models = optionList();
  const templates = optionList();

  watch(
    () => choice.value.vendor,
    (vendor, before) => {
      if (before !== undefined) choice.value = { vendor, model: '', template_name: '' };
      models.items.value = [];
      templates.items.value = [];
      if (vendor) void read(models, 'phone_model', { vendor }, session.token);
    },
    { immediate: true },
  );
  watch(
    () => choice.value.model,
    (model, before) => {
      if (before !== undefined && model !== before) choice.value = { ...choice.value, template_name: '' };
      templates.items.value = [];
      if (model)
        void read(templates, 'phone_template', { vendor: choice.value.vendor, model }, session.token);
    },
    { immediate: true },
  );

  const loadVendors = () => read(vendors, 'phone_vendor', {}, session.token);
  void loadVendors();
  return { vendors, models, templates, loadVendors };
}
