import type {
  CallDetail,
  CallOptionsAnswer,
  CallSearchAnswer,
  CallSearchQuery,
  CallTranscript,
  TicketLink,
} from '@switchboard/live-protocol';
import { callSearchParams } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { ref, shallowRef, type Ref } from 'vue';
import { callApi } from '../api/rest-client.js';
import { isPbxUnavailable, problemText } from '../lib/call-format.js';
import { liveSocket, type ClientResult } from '../socket/live-socket.js';
import { useConnectionStore } from './connection.store.js';
import { useSessionStore } from './session.store.js';

/** A search of 10,000 records goes through the PBX's paging: give it longer than a small REST call. */
export const CALL_SEARCH_TIMEOUT_MS = 30_000;
/** Detail, transcript and links: one PBX look-up each (the transcript may prepare a file first). */
export const CALL_DETAIL_TIMEOUT_MS = 20_000;

/** Where a request stands; `error` carries the sentence to show in place of the thing. */
export type LoadState = 'idle' | 'loading' | 'done' | 'error';

/** A failure as the pages show it. */
export interface CallProblem {
  code: string;
  message: string;
  /** The PBX (not the gateway) is out of reach: the page says so rather than "error". */
  pbxUnavailable: boolean;
}

/** What a CallNotice says in place of a thing not shown: it is loading, it failed, or it is empty. */
export interface CallNoticeProps {
  kind: 'loading' | 'problem' | 'empty';
  text?: string;
  problem?: CallProblem | null;
  testid?: string;
}

function problemOf(answer: Extract<ClientResult<unknown>, { ok: false }>): CallProblem {
  return {
    code: answer.error.code,
    message: problemText(answer.error),
    pbxUnavailable: isPbxUnavailable(answer.error),
  };
}

/**
 * Call history (REST, read when a supervisor asks): the search form's options, one page of results, the
 * export link, and the call open in the detail page with its transcript and live note (`calls:watch`, the
 * gateway pushes `call:note` while the page is open). Answers to superseded requests are dropped.
 */
export const useCallsStore = defineStore('calls', () => {
  const session = useSessionStore();
  const connection = useConnectionStore();

  const options = ref<CallOptionsAnswer | null>(null);
  const optionsError = ref<CallProblem | null>(null);

  const query = ref<CallSearchQuery | null>(null);
  // Up to 10,000 records, replaced whole and never edited: kept shallow, so reading a window of rows does not
  // wrap every record in a reactive proxy.
  const result = shallowRef<CallSearchAnswer | null>(null);
  const searchState = ref<LoadState>('idle');
  const searchError = ref<CallProblem | null>(null);
  let searchSeq = 0;

  const detail = ref<CallDetail | null>(null);
  const detailState = ref<LoadState>('idle');
  const detailError = ref<CallProblem | null>(null);
  const transcript = ref<CallTranscript | null>(null);
  const transcriptState = ref<LoadState>('idle');
  const transcriptError = ref<CallProblem | null>(null);
  /** When the gateway last pushed a note change for the open call (epoch ms). */
  const noteUpdatedAt = ref<number | null>(null);
  let watched: string | null = null;
  let detailSeq = 0;

  liveSocket().on('call:note', (event) => {
    if (!detail.value || event.callId !== detail.value.id) return;
    detail.value = { ...detail.value, note: event.note, hasNote: event.note !== null };
    noteUpdatedAt.value = Date.now();
  });
  // The gateway forgets a socket's watches when it drops: ask again on every new link.
  connection.onReady(() => {
    if (watched) void connection.send('calls:watch', { id: watched });
  });

  /** A call-history request as this session, given up after `timeoutMs`. */
  const get = <T>(path: string, timeoutMs = CALL_DETAIL_TIMEOUT_MS) =>
    callApi<T>(path, { token: session.token, timeoutMs });

  /** Puts an answer in place: its data and `done`, or no data, the problem and `error`. */
  function settle<T>(
    answer: ClientResult<T>,
    data: Ref<T | null>,
    state: Ref<LoadState>,
    error: Ref<CallProblem | null>,
  ): void {
    if (answer.ok) {
      data.value = answer.data;
      state.value = 'done';
    } else {
      data.value = null;
      error.value = problemOf(answer);
      state.value = 'error';
    }
  }

  async function loadOptions(): Promise<void> {
    if (options.value) return;
    const answer = await callApi<CallOptionsAnswer>('/api/calls/options', { token: session.token });
    if (answer.ok) {
      options.value = answer.data;
      optionsError.value = null;
    } else optionsError.value = problemOf(answer);
  }

  /** Runs a search (page 1 unless the query says otherwise); the previous result stays until the answer. */
  async function search(next: CallSearchQuery): Promise<void> {
    const seq = ++searchSeq;
    query.value = next;
    searchState.value = 'loading';
    searchError.value = null;
    const answer = await get<CallSearchAnswer>(
      `/api/calls?${callSearchParams(next).toString()}`,
      CALL_SEARCH_TIMEOUT_MS,
    );
    if (seq === searchSeq) settle(answer, result, searchState, searchError);
  }

  /** A ticket link streaming the current search (all pages, no paging fields) as CSV. */
  function exportLink(): Promise<ClientResult<TicketLink>> {
    const { page: _page, pageSize: _size, ...filters } = query.value ?? {};
    return callApi<TicketLink>('/api/calls/export-link', {
      method: 'POST',
      body: filters,
      token: session.token,
      timeoutMs: CALL_DETAIL_TIMEOUT_MS,
    });
  }

  /** Opens a call: its detail, then its transcript; watches its note while open. */
  async function openCall(id: string): Promise<void> {
    const seq = ++detailSeq;
    watch(id);
    detail.value = null;
    detailError.value = null;
    detailState.value = 'loading';
    transcript.value = null;
    transcriptError.value = null;
    transcriptState.value = 'idle';
    noteUpdatedAt.value = null;
    const path = `/api/calls/${encodeURIComponent(id)}`;
    const answer = await get<CallDetail>(path);
    if (seq !== detailSeq) return;
    settle(answer, detail, detailState, detailError);
    if (!answer.ok) return;
    if (answer.data.transcript.available === false) {
      // The gateway already knows there is none: say why without asking the PBX again.
      transcriptError.value = {
        code: 'not_found',
        message: answer.data.transcript.reason ?? 'The PBX has no AI transcript of this call.',
        pbxUnavailable: false,
      };
      transcriptState.value = 'error';
      return;
    }
    transcriptState.value = 'loading';
    const text = await get<CallTranscript>(`${path}/transcript`);
    if (seq === detailSeq) settle(text, transcript, transcriptState, transcriptError);
  }

  /** Leaves the open call: no more note updates for it. */
  function closeCall(): void {
    detailSeq++;
    if (watched) void connection.send('calls:unwatch', { id: watched });
    watched = null;
  }

  function watch(id: string): void {
    if (watched && watched !== id) void connection.send('calls:unwatch', { id: watched });
    watched = id;
    void connection.send('calls:watch', { id });
  }

  /** A fresh ticket link to the open call's recording, to play or to download. */
  function recordingLink(id: string, download: boolean): Promise<ClientResult<TicketLink>> {
    return callApi<TicketLink>(`/api/calls/${encodeURIComponent(id)}/recording-link`, {
      method: 'POST',
      body: { download },
      token: session.token,
      timeoutMs: CALL_DETAIL_TIMEOUT_MS,
    });
  }

  return {
    options,
    optionsError,
    query,
    result,
    searchState,
    searchError,
    detail,
    detailState,
    detailError,
    transcript,
    transcriptState,
    transcriptError,
    noteUpdatedAt,
    loadOptions,
    search,
    exportLink,
    openCall,
    closeCall,
    recordingLink,
  };
});
