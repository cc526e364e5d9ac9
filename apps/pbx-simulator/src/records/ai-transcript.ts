/**
 * AI transcription data of a call (docs/pbx/records.md#ai-transcription-file): one leg per call with a
 * transcript and a summary for answered calls. Derived from the seed and the call, so the same run always
 * yields the same file.
 */
import type { AiCallStatus, AiTranscriptionContext, AiTranscriptionLeg } from '@switchboard/pbx-api';
import type { DisplayTime } from '../support/display-time.js';
import { SeededRandom } from '../support/seeded-random.js';
import type { StoredCall } from './stored-call.js';

const TOPICS = [
  ['a question about my last invoice', 'the invoice', 'explained the charges on the invoice'],
  ['my order has not arrived yet', 'a late delivery', 'confirmed a new delivery date'],
  ['I cannot log in to my account', 'a login problem', 'reset the password'],
  ['I would like to upgrade my plan', 'a plan upgrade', 'sent a quote for the upgrade'],
  ['I moved and need to change my address', 'an address change', 'updated the billing address'],
] as const;

/** The status AI data reports: ABANDONED when the caller hung up in the queue. */
export function aiStatusOf(stored: StoredCall): AiCallStatus {
  return stored.call.abandoned ? 'ABANDONED' : stored.call.disposition;
}

/** The legs of one call. */
export function aiLegsOf(stored: StoredCall, seed: number, display: DisplayTime): AiTranscriptionLeg[] {
  const { call } = stored;
  const callee = call.agent_number || call.call_to_number;
  const answered = call.disposition === 'ANSWERED' && call.talk_duration > 0;
  const transcript: AiTranscriptionContext[] = [];
  let summary = '';
  if (answered) {
    const random = SeededRandom.forKey(seed, `ai:${call.call_id}`);
    const [request, subject, outcome] = random.pick(TOPICS);
    const lines: [string, string][] = [
      [callee, 'Thank you for calling, how can I help you?'],
      [call.call_from_number, `Hello, ${request}.`],
      [callee, 'Let me check that for you, one moment please.'],
      [callee, `I have ${outcome} for you now.`],
      [call.call_from_number, 'Great, thank you very much.'],
    ];
    const step = Math.max(1, Math.floor((call.talk_duration * 1000) / lines.length));
    lines.forEach(([speaker, content], index) => {
      transcript.push({
        source_number: speaker,
        content,
        timestamp: index * step + random.int(0, Math.floor(step / 4)),
        duration: Math.max(1, Math.min(Math.floor(step / 1000), random.int(2, 6))),
      });
    });
    summary = `The caller called about ${subject}; the agent ${outcome}.`;
  }
  return [
    {
      uid: call.call_id,
      leg_id: `${call.call_id}-1`,
      leg: 1,
      time: display.format(call.timestamp),
      call_type: call.type,
      call_from: call.call_from_number,
      call_to: callee,
      status: aiStatusOf(stored),
      call_duration: call.duration,
      ring_duration: call.ring_duration,
      talk_duration: Math.max(0, call.talk_duration - call.hold_duration),
      hold_duration: call.hold_duration,
      ai_transcription: transcript,
      ai_summary: summary,
    },
  ];
}
