import { describe, expect, it } from 'vitest';
import {
  CHUNK_BYTES,
  MAX_RECORDING_SECONDS,
  SAMPLE_RATE,
  WAV_HEADER_BYTES,
  wavBytes,
  wavSize,
} from './recording-audio.js';

const all = (seed: number, id: number, talk: number, start = 0, end = Number.MAX_SAFE_INTEGER) =>
  Buffer.concat([...wavBytes(seed, id, talk, start, end)]);

/** The samples of a whole file. */
function samples(file: Buffer): Int16Array {
  const data = file.subarray(WAV_HEADER_BYTES);
  const out = new Int16Array(data.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = data.readInt16LE(i * 2);
  return out;
}

describe('recording audio', () => {
  it('is a PCM WAV file, 8 kHz mono 16-bit, exactly as long as the talk time', () => {
    const file = all(11, 3, 7);
    expect(file.length).toBe(wavSize(7));
    expect(file.length).toBe(WAV_HEADER_BYTES + 7 * SAMPLE_RATE * 2);
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(file.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect([file.readUInt16LE(20), file.readUInt16LE(22), file.readUInt32LE(24)]).toEqual([1, 1, 8_000]);
    expect([file.readUInt32LE(28), file.readUInt16LE(32), file.readUInt16LE(34)]).toEqual([16_000, 2, 16]);
    expect(file.toString('ascii', 36, 40)).toBe('data');
    expect(file.readUInt32LE(40)).toBe(7 * 16_000);
  });

  it('is capped at 20 minutes and comes in bounded chunks', () => {
    expect(wavSize(5 * 3600)).toBe(wavSize(MAX_RECORDING_SECONDS));
    const chunks = [...wavBytes(11, 3, 30, 0, Number.MAX_SAFE_INTEGER)];
    expect(chunks.every((chunk) => chunk.length <= CHUNK_BYTES)).toBe(true);
    expect(chunks.length).toBeGreaterThan(10);
  });

  it('any byte range equals the same bytes of the whole file, odd offsets included', () => {
    const whole = all(11, 9, 6);
    for (const [start, end] of [
      [0, 0],
      [0, 43],
      [10, 100],
      [45, 46],
      [1001, 40_001],
      [whole.length - 3, whole.length + 50],
    ] as const) {
      expect(all(11, 9, 6, start, end), `${start}-${end}`).toEqual(whole.subarray(start, end + 1));
    }
    expect(all(11, 9, 6, whole.length, whole.length + 10)).toHaveLength(0);
  });

  it('depends only on the seed and the recording id', () => {
    expect(all(11, 4, 5)).toEqual(all(11, 4, 5));
    expect(all(11, 4, 5)).not.toEqual(all(11, 5, 5));
    expect(all(11, 4, 5)).not.toEqual(all(12, 4, 5));
  });

  it('sounds like quiet talk: syllables well under full scale, separated by near-silent pauses', () => {
    const pcm = samples(all(11, 21, 12));
    const peak = pcm.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    expect(peak).toBeGreaterThan(0.05 * 32_767);
    expect(peak).toBeLessThan(0.2 * 32_767);
    // Loudness per 50 ms window: some windows speak, some are pauses with only the faint hiss.
    const windows: number[] = [];
    for (let i = 0; i + 400 <= pcm.length; i += 400) {
      let sum = 0;
      for (let j = i; j < i + 400; j++) sum += (pcm[j] ?? 0) ** 2;
      windows.push(Math.sqrt(sum / 400));
    }
    expect(windows.filter((rms) => rms > 600).length).toBeGreaterThan(windows.length / 4);
    expect(windows.filter((rms) => rms < 200).length).toBeGreaterThan(windows.length / 10);
  });

  it('produces a 20-minute file fast enough to stream it (printed)', () => {
    const started = performance.now();
    let bytes = 0;
    for (const chunk of wavBytes(11, 77, MAX_RECORDING_SECONDS, 0, Number.MAX_SAFE_INTEGER))
      bytes += chunk.length;
    const ms = performance.now() - started;
    console.log(`20-minute recording: ${bytes} bytes generated in ${ms.toFixed(0)} ms`);
    expect(bytes).toBe(wavSize(MAX_RECORDING_SECONDS));
    expect(ms).toBeLessThan(10_000);
  });
});
