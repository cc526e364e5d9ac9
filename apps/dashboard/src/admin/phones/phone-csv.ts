/**
 * Bulk phone import: CSV text (pasted or uploaded) -> checked rows for phone/batchcreate, with every problem
 * named by its line and column, before sending and after the PBX answers (docs/pbx/configuration.md#ip-phones).
 * Pure; the screen feeds it the PBX's extensions and the MACs already provisioned.
 */

/** A column of the import. */
export type PhoneCsvField = 'mac' | 'extension';

/** One problem of the import, by line of the file (1-based) and column. */
export interface PhoneRowError {
  line: number;
  field: PhoneCsvField;
  message: string;
}

/** One data line of the file as written. */
export interface PhoneCsvRow {
  line: number;
  mac: string;
  extension: string;
}

/** An extension the import may assign: the PBX's id, its number and the user's name. */
export interface ExtensionChoice {
  id: number;
  number: string;
  name: string;
}

/** A row ready to send: the MAC in the PBX's form and the extension's id. */
export interface PhoneImportRow {
  line: number;
  mac: string;
  ext_id: number;
}

/** Result of checking a file. */
export interface PhoneImport {
  /** Rows without any problem, in file order. */
  ready: PhoneImportRow[];
  errors: PhoneRowError[];
  /** Data lines read (header and blank lines not counted). */
  total: number;
}

const HEX12 = /^[0-9A-F]{12}$/;

/**
 * A MAC address in the form the PBX shows (`00:1A:2B:3C:4D:5E`), from any usual spelling: colons, dashes,
 * dots (`001a.2b3c.4d5e`), spaces or none, any letter case. Null when it is not 12 hex digits.
 */
export function normaliseMac(text: string): string | null {
  const bare = text
    .trim()
    .replace(/[\s:.-]/g, '')
    .toUpperCase();
  if (!HEX12.test(bare)) return null;
  return bare.replace(/(..)(?!$)/g, '$1:');
}

/** The fields of one CSV line: comma, semicolon or tab separated, double quotes around a field allowed. */
function splitLine(line: string): string[] {
  const separator = line.includes('\t') ? '\t' : line.includes(';') && !line.includes(',') ? ';' : ',';
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"' && current.trim() === '') {
      quoted = true;
      current = '';
    } else if (char === separator) {
      fields.push(current.trim());
      current = '';
    } else current += char;
  }
  fields.push(current.trim());
  return fields;
}

const MAC_HEADER = /^mac(\s*address)?$/i;
const EXTENSION_HEADER = /^(ext(ension)?(\s*(number|no\.?))?|ext_id|number)$/i;

/**
 * The data lines of a CSV file. The header is optional: a first line naming the columns (`MAC,Extension`, in
 * either order) sets their order; otherwise MAC comes first. Blank lines are skipped.
 */
export function parsePhoneCsv(text: string): PhoneCsvRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let macColumn = 0;
  let extensionColumn = 1;
  let first = true;
  const rows: PhoneCsvRow[] = [];
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const fields = splitLine(raw);
    const header = first && fields.some((f) => MAC_HEADER.test(f));
    first = false;
    if (header) {
      macColumn = fields.findIndex((f) => MAC_HEADER.test(f));
      const ext = fields.findIndex((f) => EXTENSION_HEADER.test(f));
      extensionColumn = ext >= 0 ? ext : macColumn === 0 ? 1 : 0;
      return;
    }
    rows.push({ line: index + 1, mac: fields[macColumn] ?? '', extension: fields[extensionColumn] ?? '' });
  });
  return rows;
}

/** What a file is checked against. */
export interface PhoneImportContext {
  extensions: readonly ExtensionChoice[];
  /** MACs of the phones the PBX already provisions, any spelling. */
  existingMacs: readonly string[];
}

/** The extension a cell names: its number, or a user's whole name when only one extension has it. */
function resolveExtension(cell: string, extensions: readonly ExtensionChoice[]): ExtensionChoice | string {
  const text = cell.trim();
  if (text === '') return 'Extension is missing.';
  const byNumber = extensions.find((e) => e.number === text);
  if (byNumber) return byNumber;
  const byName = extensions.filter((e) => e.name.trim().toLowerCase() === text.toLowerCase());
  const [only] = byName;
  if (only && byName.length === 1) return only;
  if (byName.length > 1) return `${byName.length} extensions belong to "${text}"; use the extension number.`;
  return `There is no extension ${text} on the PBX.`;
}

/**
 * Checks every row: the MAC well formed, not twice in the file and not already provisioned; the extension
 * known to the PBX. A row with any problem is left out of `ready`. Pure.
 */
export function checkPhoneRows(rows: readonly PhoneCsvRow[], context: PhoneImportContext): PhoneImport {
  const existing = new Set(context.existingMacs.map((mac) => normaliseMac(mac) ?? mac));
  const firstLineOf = new Map<string, number>();
  const ready: PhoneImportRow[] = [];
  const errors: PhoneRowError[] = [];
  for (const row of rows) {
    const before = errors.length;
    const mac = normaliseMac(row.mac);
    if (row.mac.trim() === '')
      errors.push({ line: row.line, field: 'mac', message: 'MAC address is missing.' });
    else if (mac === null)
      errors.push({
        line: row.line,
        field: 'mac',
        message: `"${row.mac}" is not a MAC address (12 hex digits, e.g. 00:1A:2B:3C:4D:5E).`,
      });
    else if (firstLineOf.has(mac))
      errors.push({
        line: row.line,
        field: 'mac',
        message: `${mac} is also on line ${firstLineOf.get(mac)} of the file.`,
      });
    else if (existing.has(mac))
      errors.push({ line: row.line, field: 'mac', message: `${mac} is already provisioned on the PBX.` });
    if (mac !== null && !firstLineOf.has(mac)) firstLineOf.set(mac, row.line);
    const extension = resolveExtension(row.extension, context.extensions);
    if (typeof extension === 'string')
      errors.push({ line: row.line, field: 'extension', message: extension });
    if (errors.length === before && mac !== null && typeof extension !== 'string')
      ready.push({ line: row.line, mac, ext_id: extension.id });
  }
  return { ready, errors, total: rows.length };
}

/** Splits rows into batches of at most `size` (the PBX's batch size), in order. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`batch size must be a positive integer, not ${size}`);
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * A refused field of a batch: the gateway's check (`field`, `message`) or an entry of the PBX's
 * `invalid_param_list` (`field`, `validation_type`).
 */
export interface PbxFieldProblem {
  field: string;
  message?: string;
  validation_type?: string;
}

const PBX_FIELD = /^phone_list\[(\d+)\]\.(mac|ext_id)$/;

/** Words for the PBX's rule names. */
function pbxProblemWords(problem: PbxFieldProblem, field: PhoneCsvField): string {
  switch (problem.validation_type) {
    case 'duplicate':
      return field === 'mac'
        ? 'The PBX already has a phone with this MAC address.'
        : 'The PBX refused a duplicate.';
    case 'not_exist':
      return field === 'mac' ? 'The PBX does not know this phone.' : 'The PBX has no such extension.';
    case 'format':
      return 'The PBX refused the format of this value.';
    case 'required':
      return 'The PBX says this is missing.';
    default:
      return `The PBX refused this value${problem.validation_type ? ` (${problem.validation_type})` : ''}.`;
  }
}

/**
 * Maps the PBX's answer to one batch (`phone_list[3].mac`) onto the file's lines and columns. Problems naming
 * no row of the batch are returned with `line` 0, so they are still shown. Pure.
 */
export function mapPbxProblems(
  batch: readonly PhoneImportRow[],
  problems: readonly PbxFieldProblem[],
): PhoneRowError[] {
  return problems.map((problem) => {
    const match = PBX_FIELD.exec(problem.field);
    const row = match ? batch[Number(match[1])] : undefined;
    if (!match || !row)
      return {
        line: 0,
        field: 'mac',
        message: `The PBX refused ${problem.field}: ${problem.message ?? problem.validation_type ?? 'invalid'}.`,
      };
    const field: PhoneCsvField = match[2] === 'mac' ? 'mac' : 'extension';
    return { line: row.line, field, message: problem.message ?? pbxProblemWords(problem, field) };
  });
}

/**
 * Phones sent per phone/batchcreate. The PBX publishes no batch size (docs/pbx/configuration.md#ip-phones);
 * 20 keeps each request small and a refused batch short to resend.
 */
export const PHONE_BATCH_SIZE = 20;

/** Provisioning methods the client's rules take, in words (docs/pbx/configuration.md#ip-phones). */
export const PROVISIONING_METHOD_WORDS: readonly { value: string; label: string }[] = [
  { value: 'rps', label: 'RPS (the vendor’s redirection service)' },
  { value: 'rps_fqdn', label: 'RPS with the PBX’s domain name' },
  { value: 'pnp_via_onsite_proxy', label: 'Plug and play through an on-site proxy' },
  { value: 'dhcp_via_onsite_proxy', label: 'DHCP through an on-site proxy' },
];
