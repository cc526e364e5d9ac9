import type { AiTranscriptionLeg, CdrRecord } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { callIdOf, parseCallId } from './call-id.js';
import { noteViewOf, partyName, scenarioWords, summaryOf, transcriptOf } from './call-mapping.js';

// Records as the simulator writes them (apps/pbx-simulator/src/records/cdr-render.ts): the new field set
// with split parties and a note, and the legacy set with `id`, combined parties and `reason`.
const NEW: CdrRecord = {
  record_id: '100042',
  new_id: '100042',
  time: '2026/11/23 10:02:03',
  timestamp: 1_795_000_000,
  call_from: 'Ann<5551234>',
  call_to: 'Ana Li<1005>',
  call_from_number: '5551234',
  call_from_name: 'Ann',
  call_to_number: '1005',
  call_to_name: 'Ana Li',
  uid: '1795000000.42',
  call_id: '1795000000.42',
  src_trunk: 'peer-to-41',
  dst_trunk: '',
  duration: 95,
  ring_duration: 12,
  talk_duration: 83,
  disposition: 'ANSWERED',
  call_type: 'Inbound',
  did_number: '8005551000',
  record_file: '20261123100203-5551234-1005.wav',
  call_note_id: 'n7',
  call_note: {
    id: 'n7',
    group_id: '1795000000.42',
    disposition_code_list: [{ id: 2, name: 'Refund', description: '' }],
    remark: 'wants a refund',
    agent_name: 'Ana Li',
    registration_time: 1_795_000_100,
    update_entry: 'queue_agent',
  },
};

const LEGACY: CdrRecord = {
  record_id: '3',
  id: 3,
  time: '2026/11/20 09:00:00',
  call_from: '1001',
  call_to: 'Bo<1002>',
  uid: '1794650000.3',
  duration: 14,
  ring_duration: 14,
  talk_duration: 0,
  disposition: 'NO ANSWER',
  call_type: 'Internal',
  reason: 'No answer',
  record_file: '',
};

describe('summaryOf', () => {
  it('maps a new-style record', () => {
    expect(summaryOf(NEW)).toEqual({
      id: '1795000000-100042',
      startedAt: 1_795_000_000_000,
      from: '5551234',
      fromName: 'Ann',
      to: '1005',
      toName: 'Ana Li',
      direction: 'inbound',
      status: 'ANSWERED',
      ringSec: 12,
      talkSec: 83,
      totalSec: 95,
      did: '8005551000',
      trunk: 'peer-to-41',
      hasRecording: true,
      hasNote: true,
      noteRemark: 'wants a refund',
      dispositionCodes: ['Refund'],
    });
  });

  it('maps a legacy record: combined parties, start read from the display time when timestamp is absent', () => {
    const readTime = (text: string) => (text === '2026/11/20 09:00:00' ? 1_794_650_000_000 : undefined);
    expect(summaryOf(LEGACY, readTime)).toEqual({
      id: '1794650000-3',
      startedAt: 1_794_650_000_000,
      from: '1001',
      fromName: null,
      to: '1002',
      toName: 'Bo',
      direction: 'internal',
      status: 'NO ANSWER',
      ringSec: 14,
      talkSec: 0,
      totalSec: 14,
      did: '',
      trunk: '',
      hasRecording: false,
      hasNote: false,
    });
    // Without a way to place it in time, it cannot be opened again: left out rather than given a bad id.
    expect(summaryOf(LEGACY)).toBeUndefined();
  });

  it('keeps a disposition the PBX adds later as it spells it, and normalises ANSWERD', () => {
    expect(summaryOf({ ...NEW, disposition: 'TRANSFERRED' as never })?.status).toBe('TRANSFERRED');
    expect(summaryOf({ ...NEW, disposition: 'ANSWERD' as never })?.status).toBe('ANSWERED');
  });
});

describe('call ids', () => {
  it('round-trip plain and unusual record ids', () => {
    expect(parseCallId('1795000000-100042')).toEqual({ startSec: 1_795_000_000, recordId: '100042' });
    const odd = callIdOf(5, 'a/b c');
    expect(odd).toMatch(/^5-~[A-Za-z0-9_-]+$/);
    expect(parseCallId(odd ?? '')).toEqual({ startSec: 5, recordId: 'a/b c' });
  });
  it('refuse what is not an id', () => {
    for (const text of ['', '100042', 'x-1', '1-', '1-a/b', '../etc', '1-~'])
      expect(parseCallId(text), text).toBeUndefined();
    expect(callIdOf(undefined, '1')).toBeUndefined();
  });
});

describe('notes', () => {
  it('says where a note was written in words', () => {
    const scenarios = ['in_call', 'cdr', 'new_cdr', 'queue_agent', ''];
    expect(scenarios.map((scenario) => scenarioWords(scenario))).toEqual([
      'during the call',
      'in the call log',
      'in the call log',
      'during wrap-up',
      '',
    ]);
  });

  it('maps current and history, oldest first, codes by name (from the menu when the note has none)', () => {
    const base = NEW.call_note as NonNullable<CdrRecord['call_note']>;
    const view = noteViewOf(
      {
        current: base,
        history: [
          {
            ...base,
            registration_time: 30,
            update_entry: 'in_call',
            remark: 'second',
            disposition_code_list: [],
          },
          {
            ...base,
            registration_time: 10,
            update_entry: 'cdr',
            remark: 'first',
            disposition_code_list: [{ id: 4, name: '', description: '' }],
          },
        ],
      },
      new Map([[4, 'Callback']]),
    );
    expect(view.current).toEqual({
      codes: ['Refund'],
      remark: 'wants a refund',
      agent: 'Ana Li',
      at: 1_795_000_100_000,
      scenario: 'during wrap-up',
    });
    expect(view.history.map((r) => [r.remark, r.codes, r.scenario])).toEqual([
      ['first', ['Callback'], 'in the call log'],
      ['second', [], 'during the call'],
    ]);
  });
});

describe('transcriptOf', () => {
  const leg = (uid: string, n: number, summary: string): AiTranscriptionLeg => ({
    uid,
    leg_id: `${uid}-${n}`,
    leg: n,
    time: '2026/11/23 10:02:03',
    call_type: 'Inbound',
    call_from: 'Ann<5551234>',
    call_to: '1005',
    status: 'ANSWERED',
    call_duration: 95,
    ring_duration: 12,
    talk_duration: 83,
    hold_duration: 0,
    ai_transcription: [
      { source_number: '1005', content: 'Hello, Ana speaking.', timestamp: 0, duration: 1.5 },
      { source_number: '5551234', content: 'Hi.', timestamp: 1800, duration: 0.4 },
    ],
    ai_summary: summary,
  });

  it('keeps the call’s legs only, names speakers from the parties', () => {
    const transcript = transcriptOf(
      [leg('other', 1, 'not this'), leg('1795000000.42', 2, ''), leg('1795000000.42', 1, 'Refund asked.')],
      '1795000000.42',
      [
        { number: '5551234', name: null, contactName: 'Ann Smith' },
        { number: '1005', name: 'Ana Li', contactName: null },
      ],
    );
    expect(transcript?.summary).toBe('Refund asked.');
    expect(transcript?.legs.map((l) => l.leg)).toEqual([1, 2]);
    expect(transcript?.legs[0]).toMatchObject({ from: '5551234', to: '1005', ringSec: 12, talkSec: 83 });
    expect(transcript?.legs[0]?.entries).toEqual([
      {
        speakerNumber: '1005',
        speakerName: 'Ana Li',
        atMs: 0,
        durationSec: 1.5,
        text: 'Hello, Ana speaking.',
      },
      { speakerNumber: '5551234', speakerName: 'Ann Smith', atMs: 1800, durationSec: 0.4, text: 'Hi.' },
    ]);
  });

  it('is undefined when the file has no leg of the call', () => {
    expect(transcriptOf([leg('other', 1, '')], 'mine', [])).toBeUndefined();
  });
});

describe('partyName', () => {
  it('reads the name of a combined party', () => {
    expect(partyName('Ana Li<1005>')).toBe('Ana Li');
    expect(partyName('1005')).toBe('');
    expect(partyName(undefined)).toBe('');
  });
});
