/**
 * Which fields of the PBX's answers and of admins' bodies are secrets, as data. Answers lose them before they
 * reach the browser; the audit log records that they changed, never their values.
 */

/**
 * Fields removed from every answer of the admin REST, wherever they occur: provider credentials and tokens of
 * message channels (docs/pbx/configuration.md#message-channels), passwords, keys.
 */
export const SECRET_ANSWER_FIELDS: readonly string[] = [
  'verify_token',
  'password',
  'secret',
  'token',
  'access_token',
  'refresh_token',
  'api_key',
  'apikey',
  'api_secret',
  'app_secret',
  'client_secret',
  'auth_token',
  'private_key',
  'webhook_secret',
  'reg_password',
  'registration_password',
  'vm_password',
  'voicemail_pin',
];

/**
 * Lists of `{k, v}` pairs whose values are secrets (a channel's `account_data`: the provider's key names and
 * their values): each item keeps its key name, never its value.
 */
export const SECRET_PAIR_LISTS: Readonly<Record<string, { key: string; value: string }>> = {
  account_data: { key: 'k', value: 'v' },
};

/**
 * Parameters whose values the audit log never records, only that they were set or changed: the secrets above,
 * and what admins may see but a log must not keep (PINs).
 */
export const AUDIT_SECRET_FIELDS: ReadonlySet<string> = new Set([
  ...SECRET_ANSWER_FIELDS,
  ...Object.keys(SECRET_PAIR_LISTS),
  'pin_list',
  'pin',
  'pin_code',
  'prompt_manger_password',
]);

const SECRET_NAMES = new Set(SECRET_ANSWER_FIELDS);
/**
 * Names that look like a secret though the list above does not name them (a firmware adding
 * `sip_password` or `provider_token`, say): removed too, so a field nobody listed fails closed.
 */
const SECRET_LOOKING = /password|passwd|secret|(?:^|_)(?:token|api_?key|private_?key)$/i;

/**
 * Secret-looking fields admins may read and edit, as they may PINs: an IVR's prompt-manager password, which its
 * edit form must show to keep (the audit still records only that it changed).
 */
const ADMIN_EDITABLE_SECRETS: ReadonlySet<string> = new Set(['prompt_manger_password']);

/** True when a field of an answer must not reach a browser. */
export function isSecretField(name: string): boolean {
  return SECRET_NAMES.has(name) || (SECRET_LOOKING.test(name) && !ADMIN_EDITABLE_SECRETS.has(name));
}
/** Deeper than any PBX answer; a bound on the walk, whatever arrives. */
const MAX_DEPTH = 16;

/**
 * A copy of `answer` without the secret fields of {@link SECRET_ANSWER_FIELDS} and the values of
 * {@link SECRET_PAIR_LISTS}, at any depth. Everything else is kept as the PBX sent it.
 */
export function withoutSecrets(answer: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || typeof answer !== 'object' || answer === null) return answer;
  if (Array.isArray(answer)) return answer.map((item) => withoutSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer)) {
    if (isSecretField(key)) continue;
    const pairs = SECRET_PAIR_LISTS[key];
    out[key] =
      pairs && Array.isArray(value)
        ? value.map((item: unknown) =>
            typeof item === 'object' && item !== null
              ? { [pairs.key]: (item as Record<string, unknown>)[pairs.key] }
              : {},
          )
        : withoutSecrets(value, depth + 1);
  }
  return out;
}

/** Field paths of `answer` that {@link withoutSecrets} removes: for tests and for saying what was hidden. */
export function secretPaths(answer: unknown, at = '', depth = 0): string[] {
  if (depth > MAX_DEPTH || typeof answer !== 'object' || answer === null) return [];
  if (Array.isArray(answer)) return answer.flatMap((item, i) => secretPaths(item, `${at}[${i}]`, depth + 1));
  return Object.entries(answer).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key;
    if (isSecretField(key)) return [path];
    const pairs = SECRET_PAIR_LISTS[key];
    if (pairs && Array.isArray(value))
      return value.flatMap((item: unknown, i) =>
        typeof item === 'object' && item !== null && pairs.value in item
          ? [`${path}[${i}].${pairs.value}`]
          : [],
      );
    return secretPaths(value, path, depth + 1);
  });
}
