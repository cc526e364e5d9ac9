import { describe, expect, it } from 'vitest';
import { batchesOf, checkPhoneRows, mapPbxProblems, normaliseMac, parsePhoneCsv } from './phone-csv.js';

const extensions = [
  { id: 11, number: '1001', name: 'Ana Lind' },
  { id: 12, number: '1002', name: 'Bo Ek' },
  { id: 13, number: '1003', name: 'Bo Ek' },
];

describe('normaliseMac', () => {
  it.each([
    ['001a2b3c4d5e', '00:1A:2B:3C:4D:5E'],
    ['00-1A-2B-3C-4D-5E', '00:1A:2B:3C:4D:5E'],
    [' 00:1a:2b:3c:4d:5e ', '00:1A:2B:3C:4D:5E'],
    ['001a.2b3c.4d5e', '00:1A:2B:3C:4D:5E'],
  ])('%s -> %s', (input, output) => expect(normaliseMac(input)).toBe(output));

  it.each(['', '00:1A:2B:3C:4D', '00:1A:2B:3C:4D:5G', '00:1A:2B:3C:4D:5E:6F'])('refuses %j', (input) =>
    expect(normaliseMac(input)).toBeNull(),
  );
});

describe('parsePhoneCsv', () => {
  it('reads lines without a header, MAC first, skipping blank lines and keeping line numbers', () => {
    expect(parsePhoneCsv('001A2B3C4D5E,1001\n\n001A2B3C4D5F;1002\r\n')).toEqual([
      { line: 1, mac: '001A2B3C4D5E', extension: '1001' },
      { line: 3, mac: '001A2B3C4D5F', extension: '1002' },
    ]);
  });

  it('follows a header that puts the extension first, with quotes and tabs', () => {
    expect(parsePhoneCsv('Extension\tMAC address\n"1001"\t"00:1A:2B:3C:4D:5E"\n')).toEqual([
      { line: 2, mac: '00:1A:2B:3C:4D:5E', extension: '1001' },
    ]);
  });

  it('treats only the first line as a possible header', () => {
    const rows = parsePhoneCsv('mac,extension\nmac,extension\n');
    expect(rows).toEqual([{ line: 2, mac: 'mac', extension: 'extension' }]);
  });

  it('keeps a quoted comma inside a field', () => {
    expect(parsePhoneCsv('001A2B3C4D5E,"Ek, Bo"')[0]?.extension).toBe('Ek, Bo');
  });
});

describe('checkPhoneRows', () => {
  const check = (csv: string, existingMacs: string[] = []) =>
    checkPhoneRows(parsePhoneCsv(csv), { extensions, existingMacs });

  it('resolves extensions by number or by a unique name and normalises MACs', () => {
    const result = check('001a2b3c4d5e,1001\n00-1A-2B-3C-4D-5F,ana lind');
    expect(result.errors).toEqual([]);
    expect(result.ready).toEqual([
      { line: 1, mac: '00:1A:2B:3C:4D:5E', ext_id: 11 },
      { line: 2, mac: '00:1A:2B:3C:4D:5F', ext_id: 11 },
    ]);
  });

  it('names each problem by line and field and leaves those rows out', () => {
    const result = check(
      [
        'MAC,Extension',
        '001A2B3C4D5E,1001', // line 2 fine
        'zz,1002', // line 3 bad MAC
        '001A2B3C4D5E,1002', // line 4 duplicate of line 2
        '001A2B3C4D60,9999', // line 5 unknown extension
        '001A2B3C4D61,Bo Ek', // line 6 ambiguous name
        '001A2B3C4D62,1003', // line 7 already on the PBX
        ',', // line 8 both missing
      ].join('\n'),
      ['00-1a-2b-3c-4d-62'],
    );
    expect(result.ready.map((r) => r.line)).toEqual([2]);
    expect(result.total).toBe(7);
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'mac'],
      [4, 'mac'],
      [5, 'extension'],
      [6, 'extension'],
      [7, 'mac'],
      [8, 'mac'],
      [8, 'extension'],
    ]);
    expect(result.errors[1]?.message).toContain('line 2');
    expect(result.errors[2]?.message).toContain('9999');
  });
});

describe('batchesOf', () => {
  it('splits in order within the size', () => {
    expect(batchesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batchesOf([], 2)).toEqual([]);
  });
  it('refuses a size below 1', () => expect(() => batchesOf([1], 0)).toThrow(RangeError));
});

describe('mapPbxProblems', () => {
  const batch = [
    { line: 4, mac: '00:1A:2B:3C:4D:5E', ext_id: 11 },
    { line: 9, mac: '00:1A:2B:3C:4D:5F', ext_id: 12 },
  ];
  it('maps phone_list[i].field onto the line and column of the file', () => {
    expect(
      mapPbxProblems(batch, [
        { field: 'phone_list[1].mac', validation_type: 'duplicate' },
        { field: 'phone_list[0].ext_id', validation_type: 'not_exist' },
      ]),
    ).toEqual([
      { line: 9, field: 'mac', message: 'The PBX already has a phone with this MAC address.' },
      { line: 4, field: 'extension', message: 'The PBX has no such extension.' },
    ]);
  });
  it('keeps a problem it cannot place, on line 0', () => {
    const [problem] = mapPbxProblems(batch, [{ field: 'vendor', validation_type: 'required' }]);
    expect(problem?.line).toBe(0);
    expect(problem?.message).toContain('vendor');
  });
});
