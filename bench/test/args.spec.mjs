import { describe, expect, it } from 'vitest';
import { BenchArgError, autoWorkers, parseBenchArgs, sizedProfile } from '../lib/args.mjs';
import { PROFILES, hardLimitMs } from '../lib/profiles.mjs';

const parse = (line) => parseBenchArgs(line.split(' ').filter(Boolean), 10);
const refusal = (line) => {
  try {
    parse(line);
  } catch (error) {
    expect(error).toBeInstanceOf(BenchArgError);
    return error.message;
  }
  throw new Error(`"${line}" was accepted`);
};

describe('the bench command line', () => {
  it('reads the profile, parts and sizes, with or without "="', () => {
    expect(parse('')).toMatchObject({ quick: false, only: null, build: true, append: true, workers: null });
    const options = parse(
      '--quick --only 10 --workers 0,2,1 --clients 300 --load-processes=8 --rates=5,10,12.5',
    );
    expect(options).toMatchObject({
      quick: true,
      workers: [0, 1, 2],
      clients: 300,
      loadProcesses: 8,
      rates: [5, 10, 12.5],
    });
    expect([...options.only]).toEqual([10]);
    expect(parse('--workers auto').workers).toBe('auto');
    expect(parse('--no-build --no-append --help')).toMatchObject({ build: false, append: false, help: true });
  });

  it('refuses a bad value naming the flag and what was wrong', () => {
    expect(refusal('--only 11')).toMatch(/--only takes part numbers from 1 to 10.*"11"/);
    expect(refusal('--only 1,,2')).toMatch(/--only takes numbers separated by commas/);
    expect(refusal('--workers 0,two')).toMatch(/--workers takes "auto" or socket-worker counts.*"0,two"/);
    expect(refusal('--workers 1,1')).toMatch(/--workers lists a value twice/);
    expect(refusal('--clients 0')).toMatch(/--clients takes a whole number from 1 to 100000, got "0"/);
    expect(refusal('--clients 2.5')).toMatch(/--clients takes a whole number/);
    expect(refusal('--load-processes -1')).toMatch(/--load-processes needs a value|takes a whole number/);
    expect(refusal('--load-processes 65')).toMatch(/--load-processes takes a whole number from 1 to 64/);
    expect(refusal('--rates 10,5')).toMatch(/--rates are ramped in order: give them ascending/);
    expect(refusal('--rates 0')).toMatch(/--rates takes rates above 0/);
    expect(refusal('--clients')).toMatch(/--clients needs a value/);
    expect(refusal('--clients --quick')).toMatch(/--clients needs a value/);
    expect(refusal('--quick=yes')).toMatch(/--quick takes no value/);
    expect(refusal('--fast')).toMatch(/unknown option "--fast"/);
  });
});

describe('sizes from the command line', () => {
  it('puts them into a copy of the profile and says what was set', () => {
    const options = parse('--workers 0,1,2 --clients 300 --load-processes 8 --rates 5,10');
    const { profile, set } = sizedProfile(PROFILES.quick, options, 2);
    expect(profile.cluster).toMatchObject({
      workers: [0, 1, 2],
      clients: 300,
      loadProcesses: 8,
      rates: [5, 10],
    });
    expect(profile.mixed.loadProcesses).toBe(8);
    expect(profile.eventToScreen.loadProcesses).toBe(8);
    expect(PROFILES.quick.cluster.clients).toBe(500);
    expect(set).toEqual([
      '8 load processes',
      'part 10 SOCKET_WORKERS 0, 1, 2',
      'part 10 300 clients a gateway',
      'part 10 rates 5, 10/s',
    ]);
    expect(sizedProfile(PROFILES.full, parse(''), 2)).toEqual({ profile: PROFILES.full, set: [] });
  });

  it('picks worker counts for the cores beside the load processes', () => {
    expect(autoWorkers(16, 10)).toEqual([0, 1, 2, 4]);
    expect(autoWorkers(16, 4)).toEqual([0, 1, 2, 4, 8]);
    expect(autoWorkers(2, 2)).toEqual([0, 1]);
    const { profile, set } = sizedProfile(PROFILES.full, parse('--workers auto --load-processes 6'), 16);
    expect(profile.cluster.workers).toEqual([0, 1, 2, 4, 8]);
    expect(set[1]).toBe('part 10 SOCKET_WORKERS 0, 1, 2, 4, 8 (auto: 16 cores, 6 load processes)');
  });
});

describe('the hard time limit', () => {
  it('is the sum of the batches’ limits with a margin each, so every part gets its own limit first', () => {
    expect(hardLimitMs([240_000, 60_000])).toBe(30_000 + 270_000 + 90_000);
    expect(hardLimitMs([])).toBe(30_000);
  });
});
