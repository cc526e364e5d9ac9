import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhoneImportRow } from './phone-csv.js';

const callPbx = vi.fn();
vi.mock('../../api/admin-pbx.js', () => ({ callPbx: (...args: unknown[]) => callPbx(...args) }));
const { usePhoneImport } = await import('./use-phone-import.js');

const rows: PhoneImportRow[] = Array.from({ length: 5 }, (_, i) => ({
  line: i + 2,
  mac: `00:1A:2B:3C:4D:${String(i).padStart(2, '0')}`,
  ext_id: 10 + i,
}));
const choice = { vendor: 'Yealink', model: 'T54W', template_name: 'Default', provisioning_method: 'rps' };
const sent = () =>
  callPbx.mock.calls.map(([, body]) => (body as { phone_list: { mac: string }[] }).phone_list.length);

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => callPbx.mockReset());

describe('usePhoneImport', () => {
  it('sends the rows in batches of the given size with the chosen vendor, model and template', async () => {
    callPbx.mockResolvedValue({ ok: true, data: {} });
    const result = await usePhoneImport().send(rows, choice, 2);
    expect(sent()).toEqual([2, 2, 1]);
    expect(callPbx.mock.calls[0]).toEqual([
      'phone/batchcreate',
      {
        ...choice,
        phone_list: [
          { mac: '00:1A:2B:3C:4D:00', ext_id: 10 },
          { mac: '00:1A:2B:3C:4D:01', ext_id: 11 },
        ],
      },
      expect.objectContaining({ timeoutMs: expect.any(Number) }),
    ]);
    expect(result).toEqual({ added: 5, refused: [], stopped: null });
  });

  it('reports the rows the PBX names by line and resends the rest of that batch once', async () => {
    callPbx
      .mockResolvedValueOnce({
        ok: false,
        error: {
          code: 'pbx_error',
          message: 'The PBX refused phone/batchcreate',
          fields: [{ field: 'phone_list[1].ext_id', message: 'does not exist on the PBX' }],
        },
      })
      .mockResolvedValue({ ok: true, data: {} });
    const result = await usePhoneImport().send(rows, choice, 3);
    expect(sent()).toEqual([3, 2, 2]);
    expect(result.added).toBe(4);
    expect(result.refused).toEqual([{ line: 3, field: 'extension', message: 'does not exist on the PBX' }]);
    expect(result.stopped).toBeNull();
  });

  it('stops at a failure that names no row, keeping what went in', async () => {
    callPbx.mockResolvedValueOnce({ ok: true, data: {} }).mockResolvedValueOnce({
      ok: false,
      error: { code: 'pbx_unavailable', message: 'The PBX cannot be reached', fields: [] },
    });
    const importer = usePhoneImport();
    const result = await importer.send(rows, choice, 2);
    expect(sent()).toEqual([2, 2]);
    expect(result).toMatchObject({ added: 2, stopped: 'The PBX cannot be reached' });
    expect(importer.sending.value).toBe(false);
  });
});
