/**
 * The simulator's call recordings as real audio (docs/pbx/records.md#recording-download): WAV, 8 kHz mono
 * 16-bit PCM, as long as the call's talk time (at most {@link MAX_RECORDING_SECONDS}). Two voices take turns:
 * quiet syllables of a few harmonics with a gliding pitch and soft edges, pauses between them, a faint line
 * hiss under everything. Every sample is a function of the seed, the recording id and its position, so any byte
 * range is produced on its own, chunk by chunk, without the file ever existing whole.
 */
import { hash32 } from '../support/seeded-random.js';

/** Samples per second. */
export const SAMPLE_RATE = 8_000;
/** Bytes per sample (16-bit PCM). */
const BYTES_PER_SAMPLE = 2;
/** Size of the RIFF/WAVE header. */
export const WAV_HEADER_BYTES = 44;
/** Longest recording served: bounds every file to about 19 MB. */
export const MAX_RECORDING_SECONDS = 20 * 60;
/** Bytes produced per chunk while streaming. */
export const CHUNK_BYTES = 32 * 1024;

/** Samples per syllable slot (0.25 s); each slot is a syllable or a pause. */
const SLOT = SAMPLE_RATE / 4;
/** Slots per speaker turn (3 s). */
const TURN_SLOTS = 12;
/** Peak level of speech, of full scale: quiet enough for headphones. */
const SPEECH_LEVEL = 0.12 * 32_767;
/** Level of the line hiss, of full scale. */
const HISS_LEVEL = 0.004 * 32_767;

/** Seconds of audio a call's recording holds. */
export function recordingSeconds(talkSeconds: number): number {
  return Math.max(0, Math.min(Math.floor(talkSeconds), MAX_RECORDING_SECONDS));
}

/** Exact size in bytes of the WAV file of a call with this talk time. */
export function wavSize(talkSeconds: number): number {
  return WAV_HEADER_BYTES + recordingSeconds(talkSeconds) * SAMPLE_RATE * BYTES_PER_SAMPLE;
}

/** The 44-byte header of a PCM WAV file holding `dataBytes` of samples. */
export function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * BYTES_PER_SAMPLE, 28); // byte rate
  header.writeUInt16LE(BYTES_PER_SAMPLE, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

interface Syllable {
  /** Pitch at the start and the end of the syllable, Hz. */
  from: number;
  to: number;
  /** Loudness 0..1 and the weight of the second and third harmonic. */
  level: number;
  second: number;
  third: number;
}

/** The voice of one recording: what each slot holds. */
class Voice {
  private cachedSlot = -1;
  private cached: Syllable | undefined;

  constructor(private readonly key: number) {}

  /** The syllable of slot `slot`, or undefined for a pause. */
  syllable(slot: number): Syllable | undefined {
    if (slot === this.cachedSlot) return this.cached;
    const roll = hash32(`slot:${slot}`, this.key);
    const turn = Math.floor(slot / TURN_SLOTS);
    // The caller speaks lower than the agent; a turn ends with a breath (its last slot is a pause).
    const low = hash32(`turn:${turn}`, this.key) % 2 === 0;
    const silent = roll % 10 < 3 || slot % TURN_SLOTS === TURN_SLOTS - 1;
    const base = low ? 105 + ((roll >>> 4) % 35) : 190 + ((roll >>> 4) % 45);
    const glide = (((roll >>> 12) % 41) - 20) / 100;
    this.cachedSlot = slot;
    this.cached = silent
      ? undefined
      : {
          from: base,
          to: base * (1 + glide),
          level: 0.55 + ((roll >>> 20) % 45) / 100,
          second: 0.35 + ((roll >>> 8) % 30) / 100,
          third: 0.1 + ((roll >>> 16) % 20) / 100,
        };
    return this.cached;
  }
}

/** The syllable envelope sin²(πt) over one slot, computed once. */
const ENVELOPE = Float64Array.from({ length: SLOT }, (_, i) => Math.sin((Math.PI * i) / SLOT) ** 2);

/** A cheap integer hash (per sample, so no strings): well-mixed 32 bits of `x`. */
function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Sample `index` of the recording voiced by `voice`, as a 16-bit integer. */
function sampleAt(voice: Voice, key: number, index: number): number {
  const slot = Math.floor(index / SLOT);
  const within = (index - slot * SLOT) / SLOT;
  let value = 0;
  const syllable = voice.syllable(slot);
  if (syllable) {
    // Phase of a linear glide from `from` to `to` over the slot; the envelope is zero at both ends, so
    // syllables start and stop without clicks.
    const seconds = SLOT / SAMPLE_RATE;
    const phase =
      2 * Math.PI * seconds * within * (syllable.from + ((syllable.to - syllable.from) * within) / 2);
    const envelope = ENVELOPE[index - slot * SLOT] ?? 0;
    // sin 2p = 2 sin p cos p and sin 3p = sin p (3 - 4 sin² p): two trigonometric calls per sample, not four.
    const sin = Math.sin(phase);
    const tone =
      sin + syllable.second * 2 * sin * Math.cos(phase) + syllable.third * sin * (3 - 4 * sin * sin);
    value = (SPEECH_LEVEL * syllable.level * envelope * tone) / (1 + syllable.second + syllable.third);
  }
  const hiss = ((mix32(index ^ key) & 0xffff) / 0xffff - 0.5) * 2 * HISS_LEVEL;
  return Math.max(-32_768, Math.min(32_767, Math.round(value + hiss)));
}

/**
 * Bytes `start` to `end` (inclusive) of the WAV file of recording `recordingId`, in chunks of at most
 * {@link CHUNK_BYTES}, produced only as the consumer asks for them.
 */
export function* wavBytes(
  seed: number,
  recordingId: number,
  talkSeconds: number,
  start: number,
  end: number,
): Generator<Buffer, void> {
  const size = wavSize(talkSeconds);
  const last = Math.min(end, size - 1);
  if (start > last) return;
  const key = hash32(`recording:${recordingId}`, seed);
  const voice = new Voice(key);
  let position = start;
  if (position < WAV_HEADER_BYTES) {
    const header = wavHeader(size - WAV_HEADER_BYTES);
    const upTo = Math.min(last + 1, WAV_HEADER_BYTES);
    yield header.subarray(position, upTo);
    position = upTo;
  }
  while (position <= last) {
    const chunkEnd = Math.min(last + 1, position + CHUNK_BYTES);
    // Whole samples covering [position, chunkEnd), then the exact bytes asked for.
    const firstSample = Math.floor((position - WAV_HEADER_BYTES) / BYTES_PER_SAMPLE);
    const endSample = Math.ceil((chunkEnd - WAV_HEADER_BYTES) / BYTES_PER_SAMPLE);
    const samples = Buffer.allocUnsafe((endSample - firstSample) * BYTES_PER_SAMPLE);
    for (let i = firstSample; i < endSample; i++)
      samples.writeInt16LE(sampleAt(voice, key, i), (i - firstSample) * BYTES_PER_SAMPLE);
    const skip = position - WAV_HEADER_BYTES - firstSample * BYTES_PER_SAMPLE;
    yield samples.subarray(skip, skip + (chunkEnd - position));
    position = chunkEnd;
  }
}
