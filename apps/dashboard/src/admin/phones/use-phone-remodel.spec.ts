import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PhoneInfo } from './use-phone-directory.js';

const pbx = vi.fn();
vi.mock('../parts/pbx-call.js', () => ({ pbx: (...args: unknown[]) => pbx(...args) }));
const { usePhoneRemodel } = await import('./use-phone-remodel.js');

const extensions = [
  { id: 11, number: '1001', name: 'Ana' },
  { id: 12, number: '1002', name: 'Bo' },
  { id: 13, number: '1003', name: 'Cy' },
];
const phone = (id: number, ext: string, model = 'T54W'): PhoneInfo => ({
  id,
  ip: '',
  firmware: '',
  assigned_ext_status: 'Registered',
  assigned_ext_name: '',
  mac: `00:1A:2B:3C:4D:0${id}`,
  vendor: 'Yealink',
  model,
  template_name: 'Default',
  assigned_ext_num: ext,
});
const target = { vendor: 'Fanvil', model: 'X6U', template_name: 'Fanvil', provisioning_method: 'rps' };
const ok = { ok: true, data: {} };
const refused = { ok: false, error: { code: 'pbx_error', message: 'refused', fields: [] } };

afterEach(() => pbx.mockReset());

describe('usePhoneRemodel', () => {
  it('refuses, sending nothing, while a phone has no extension', async () => {
    const outcome = await usePhoneRemodel(() => 20).move(
      [phone(1, '1001'), phone(2, 'Unassigned')],
      extensions,
      target,
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toContain('00:1A:2B:3C:4D:02');
    expect(pbx).not.toHaveBeenCalled();
  });

  it('deletes the phones, then adds them again with their MAC and extension and the new model', async () => {
    pbx.mockResolvedValue(ok);
    const outcome = await usePhoneRemodel(() => 20).move(
      [phone(1, '1001'), phone(2, '1002')],
      extensions,
      target,
    );
    expect(outcome).toEqual({ ok: true, message: 'Moved 2 phones to Fanvil X6U.' });
    expect(pbx.mock.calls).toEqual([
      ['phone/batchdelete', { batch_id_list: [1, 2] }],
      [
        'phone/batchcreate',
        {
          ...target,
          phone_list: [
            { mac: '00:1A:2B:3C:4D:01', ext_id: 11 },
            { mac: '00:1A:2B:3C:4D:02', ext_id: 12 },
          ],
        },
      ],
    ]);
  });

  it('changes nothing when the delete is refused', async () => {
    pbx.mockResolvedValueOnce(refused);
    const outcome = await usePhoneRemodel(() => 20).move([phone(1, '1001')], extensions, target);
    expect(outcome.message).toMatch(/^Nothing changed/);
    expect(pbx).toHaveBeenCalledTimes(1);
  });

  it('adds the phones not moved back as they were when the PBX refuses the new model', async () => {
    pbx
      .mockResolvedValueOnce(ok) // delete
      .mockResolvedValueOnce(ok) // first batch moved
      .mockResolvedValueOnce(refused) // second batch refused
      .mockResolvedValue(ok); // added back
    const phones = [phone(1, '1001'), phone(2, '1002', 'T46U'), phone(3, '1003', 'T54W')];
    const outcome = await usePhoneRemodel(() => 1).move(phones, extensions, target);
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toContain('Moved 1 of 3');
    expect(outcome.message).toContain('added back as they were');
    const restores = pbx.mock.calls
      .slice(3)
      .map(([, body]) => body as { model: string; phone_list: unknown[] });
    expect(restores.map((b) => [b.model, b.phone_list])).toEqual([
      ['T46U', [{ mac: '00:1A:2B:3C:4D:02', ext_id: 12 }]],
      ['T54W', [{ mac: '00:1A:2B:3C:4D:03', ext_id: 13 }]],
    ]);
  });
});
