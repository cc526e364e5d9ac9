import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXTENSIONS, testPhone } from './phone-fixtures.js';

const pbx = vi.fn();
vi.mock('../parts/pbx-call.js', () => ({ pbx: (...args: unknown[]) => pbx(...args) }));
const { usePhoneRemodel } = await import('./use-phone-remodel.js');

const target = { vendor: 'Fanvil', model: 'X6U', template_name: 'Fanvil', provisioning_method: 'rps' };
const ok = { ok: true, data: {} };
const refused = { ok: false, error: { code: 'pbx_error', message: 'refused', fields: [] } };

afterEach(() => pbx.mockReset());

describe('usePhoneRemodel', () => {
  it('refuses, sending nothing, while a phone has no extension', async () => {
    const outcome = await usePhoneRemodel(() => 20).move(
      [testPhone(1, '1001'), testPhone(2, 'Unassigned')],
      EXTENSIONS,
      target,
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toContain('00:1A:2B:3C:4D:02');
    expect(pbx).not.toHaveBeenCalled();
  });

  it('deletes the phones, then adds them again with their MAC and extension and the new model', async () => {
    pbx.mockResolvedValue(ok);
    const outcome = await usePhoneRemodel(() => 20).move(
      [testPhone(1, '1001'), testPhone(2, '1002')],
      EXTENSIONS,
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
    const outcome = await usePhoneRemodel(() => 20).move([testPhone(1, '1001')], EXTENSIONS, target);
    expect(outcome.message).toMatch(/^Nothing changed/);
    expect(pbx).toHaveBeenCalledTimes(1);
  });

  it('adds the phones not moved back as they were when the PBX refuses the new model', async () => {
    pbx
      .mockResolvedValueOnce(ok) // delete
      .mockResolvedValueOnce(ok) // first batch moved
      .mockResolvedValueOnce(refused) // second batch refused
      .mockResolvedValue(ok); // added back
    const phones = [testPhone(1, '1001'), testPhone(2, '1002', 'T46U'), testPhone(3, '1003', 'T54W')];
    const outcome = await usePhoneRemodel(() => 1).move(phones, EXTENSIONS, target);
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
