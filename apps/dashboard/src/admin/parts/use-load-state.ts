import { ref } from 'vue';
import { loadProblem, type LoadStatus } from './admin-types.js';

/**
 * Where one read of a screen stands: its status and, after a failure, the sentence that says why
 * (loadProblem: out of reach or refused). `start` before the read, `settle` with its answer.
 */
export function useLoadState() {
  const status = ref<LoadStatus>('idle');
  const error = ref<string | null>(null);

  /** Takes the answer of the read: true when it went through (ready, no error), else its problem is shown. */
  function settle(answer: { ok: true } | { ok: false; error: { code: string; message: string } }): boolean {
    if (answer.ok) {
      status.value = 'ready';
      error.value = null;
      return true;
    }
    const problem = loadProblem(answer.error);
    status.value = problem.status;
    error.value = problem.message;
    return false;
  }

  return {
    status,
    error,
    start: () => {
      status.value = 'loading';
    },
    settle,
  };
}
