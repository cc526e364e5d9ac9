type AudioContextClass = typeof AudioContext;

let context: AudioContext | undefined;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/**
 * A short synthesized beep (no audio file to fetch). Browsers only allow sound after a user gesture,
 * so the first call should come from a click; afterwards the shared context stays unlocked.
 * Returns false when the browser cannot play it.
 */
export function beep(kind: 'prompt' | 'critical' = 'prompt'): boolean {
  const Ctor = audioContextClass();
  if (!Ctor) return false;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const tones = kind === 'prompt' ? [880, 1175] : [440, 440];
    tones.forEach((frequency, index) => {
      const ctx = context as AudioContext;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.frequency.value = frequency;
      oscillator.type = 'sine';
      const at = start + index * 0.18;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.16);
    });
    return true;
  } catch {
    return false;
  }
}
