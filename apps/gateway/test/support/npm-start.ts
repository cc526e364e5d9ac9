import { startProcess } from '../../../../tools/harness/processes.mjs';

/** `npm start` running in a clone, as a terminal runs it: in its own process group. */
export interface NpmStart {
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /**
   * Resolves with the first match of `pattern` in the output; rejects after `timeoutMs`, or when npm exits
   * first unless `afterExit` (npm may exit on Ctrl-C before the script it ran has finished printing).
   */
  waitFor(pattern: RegExp, timeoutMs: number, afterExit?: boolean): Promise<RegExpExecArray>;
  /** Resolves with npm's exit code, or the signal that ended it, once it exits. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** Ctrl-C: SIGINT to the whole process group, as a terminal sends it. */
  interrupt(): void;
  /** Kills whatever is left of the process group (clean-up after a failed test). */
  kill(): void;
}

/** The lines `npm start` prints once Switchboard runs. */
export interface Banner {
  consoleUrl: string | undefined;
  displayLink: string | undefined;
  pids: Record<string, number>;
}

/** Starts `npm start` in `cwd`. */
export function npmStart(cwd: string, env: NodeJS.ProcessEnv): NpmStart {
  // Everything it prints is kept: the banner comes after the whole build's output.
  const npm = startProcess('npm', ['start'], {
    name: 'npm start',
    cwd,
    env,
    detached: true,
    outputLimit: Infinity,
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-npm.pid, signal);
    } catch {
      // the group is gone
    }
  };
  return {
    output: npm.output,
    exited: npm.exited.then(({ code, signal }) => code ?? signal),
    interrupt: () => signalGroup('SIGINT'),
    kill: () => signalGroup('SIGKILL'),
    waitFor: (pattern, timeoutMs, afterExit = false) => npm.waitForOutput(pattern, timeoutMs, { afterExit }),
  };
}

/** Reads the banner printed once Switchboard runs. */
export function readBanner(output: string): Banner {
  const pids: Record<string, number> = {};
  for (const [, name, pid] of output.matchAll(/(PBX simulator|gateway) pid (\d+)/g))
    if (name && pid) pids[name] = Number(pid);
  return {
    consoleUrl: /Console:\s+(http:\/\/\S+)/.exec(output)?.[1],
    displayLink: /Wallboard:\s+(http:\/\/\S+)/.exec(output)?.[1],
    pids,
  };
}

/** npm's exit code (or the signal that ended it), or 'still running' when it has not exited within `timeoutMs`. */
export function exitCodeWithin(
  running: NpmStart,
  timeoutMs: number,
): Promise<number | NodeJS.Signals | null | 'still running'> {
  return Promise.race([
    running.exited,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), timeoutMs).unref()),
  ]);
}
