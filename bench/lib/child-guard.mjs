// Preloaded (node --import) into every server process a bench run starts (gateway, simulator):
// - the process exits when the bench process that started it is gone, so a killed run leaves nothing behind;
// - with BENCH_GC_STDIN=1 and --expose-gc, a line "gc" on stdin runs a full garbage collection, so memory
//   is read after GC without any bench hook in the product's code. (Not a signal: Nest's shutdown hooks
//   listen to SIGUSR2 and SIGUSR1 starts the inspector.)
// - with BENCH_CPU_PROFILE=<file>, the process is CPU-profiled from start until a line "profile" on stdin,
//   which writes the .cpuprofile (open it in Chrome DevTools); the bench sends it before stopping the process.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

// The spawner names itself: a parent that died while this process was starting (a loaded machine can take
// longer than the parent lives) would otherwise be missed, as the reaper would be taken for the parent. The
// variable is dropped so this process's own children fall back to their parent at start.
const parent = Number(process.env.BENCH_GUARD_PARENT) || process.ppid;
delete process.env.BENCH_GUARD_PARENT;
if (process.ppid !== parent) process.exit(0);
const watchdog = setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 500);
watchdog.unref();

let profiler;
const profileFile = process.env.BENCH_CPU_PROFILE;
if (profileFile) {
  profiler = new Session();
  profiler.connect();
  profiler.post('Profiler.enable');
  profiler.post('Profiler.setSamplingInterval', { interval: 500 });
  profiler.post('Profiler.start');
}

function writeProfile() {
  if (!profiler) return;
  profiler.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(profileFile, JSON.stringify(result.profile));
    process.stdout.write(
      `bench: cpu profile ${error ? `failed: ${error.message}` : `written to ${profileFile}`}\n`,
    );
  });
  profiler = undefined;
}

if (process.env.BENCH_GC_STDIN === '1') {
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (text) => {
    if (text.includes('profile')) writeProfile();
    if (text.includes('gc') && typeof globalThis.gc === 'function') {
      globalThis.gc();
      globalThis.gc();
    }
  });
  // Reading stdin must not keep a process alive that would otherwise exit.
  process.stdin.unref?.();
}
