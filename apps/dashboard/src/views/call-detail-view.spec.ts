import { ok } from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callDetail,
  fakeCallsGateway,
  TRANSCRIPT,
  type SentRequest,
} from '../../test/support/fake-calls-gateway.js';
import { sessionInfo } from '../../test/support/fake-socket.js';
import { freshAppPageEachTest, mountApp } from '../../test/support/mount-app.js';
import { TOKEN_STORAGE_KEY } from '../stores/session.store.js';

type Route = (request: SentRequest) => [number, unknown];

const notFound = (message: string): [number, unknown] => [
  404,
  { ok: false, error: { code: 'not_found', message } },
];

async function open(routes: Record<string, Route>, id = 'c1') {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, 'sup-token');
  const sent = fakeCallsGateway('supervisor', routes);
  const app = await mountApp(`/console/calls/${id}`);
  app.socket.handle('calls:watch', ({ id: watched }) => ok({ watching: watched }));
  app.socket.handle('calls:unwatch', () => ok({ watching: null }));
  app.socket.open(sessionInfo());
  await flushPromises();
  return { ...app, sent };
}

/** The gateway's answer for call c1: its detail, with `overrides`. */
const detailOf =
  (overrides: Parameters<typeof callDetail>[0] = {}): Route =>
  () => [200, { ok: true, data: callDetail(overrides) }];

let tickets = 0;
const everything = (overrides: Record<string, Route> = {}): Record<string, Route> => ({
  'GET /api/calls/c1': detailOf(),
  'GET /api/calls/c1/transcript': () => [200, { ok: true, data: TRANSCRIPT }],
  'POST /api/calls/c1/recording-link': (request) => [
    200,
    {
      ok: true,
      data: {
        url: `/api/calls/c1/recording?ticket=t${++tickets}${(request.body as { download?: boolean }).download ? '&download=1' : ''}`,
        expiresAt: Date.now() + 300_000,
      },
    },
  ],
  ...overrides,
});

// Empty storage before each test; every app mounted is unmounted after it.
freshAppPageEachTest();

describe('call detail page', () => {
  beforeEach(() => {
    tickets = 0;
  });
  it("shows the parties with their contact, the site's times, durations, route, note, transcript and summary", async () => {
    const { wrapper } = await open(everything());
    expect(wrapper.get('h1').text()).toBe('Call from 5550100001');
    expect(wrapper.get('[data-testid="call-caller-party"]').text()).toContain(
      'Eva Stone, Acme GmbH (contact)',
    );
    expect(wrapper.get('[data-testid="call-callee-party"]').text()).toContain('Ana Li (1001)');
    expect(wrapper.get('[data-testid="call-started"]').text()).toBe('2026-11-24 08:59:00 (Europe/Berlin)');
    expect(wrapper.get('[data-testid="call-durations"]').text()).toBe('0:05 · 1:05 · 1:10');
    expect(wrapper.get('[data-testid="call-route"]').text()).toBe(
      'Sales line: default destination queue Sales (6400)',
    );
    const note = wrapper.get('[data-testid="call-note-current"]');
    expect(note.text()).toContain('Resolved');
    expect(note.text()).toContain('Password reset requested; reset link sent');
    expect(note.text()).toContain('Ana Li, 2026-11-24 08:02:00 · during wrap-up');
    expect(wrapper.get('[data-testid="call-note-history"]').text()).toContain('during the call');
    expect(wrapper.get('[data-testid="call-summary"]').text()).toBe(TRANSCRIPT.summary);
    const entries = wrapper.findAll('[data-testid="call-transcript-entry"]').map((e) => e.text());
    expect(entries[0]).toMatch(/^00:01\s*Ana Li \(1001\)\s*Hello, Ana here\.\s*3 s$/);
    expect(entries[1]).toMatch(/^01:05\s*5550100001\s*I cannot sign in\./);
  });

  it('watches the note while open, shows a pushed change at once, and unwatches on leaving', async () => {
    const { wrapper, socket, router } = await open(everything());
    expect(socket.sentOf('calls:watch')).toContainEqual({ id: 'c1' });
    socket.fire('call:note', {
      callId: 'c1',
      note: {
        current: {
          codes: ['Complaint'],
          remark: 'Customer called back angry',
          agent: 'Bo Ek',
          at: null,
          scenario: 'in the call log',
        },
        history: [],
      },
    });
    await flushPromises();
    expect(wrapper.get('[data-testid="call-note-remark"]').text()).toBe('Customer called back angry');
    expect(wrapper.get('[data-testid="call-note-updated"]').text()).toContain('Updated just now');
    // Another call's note is not this page's business.
    socket.fire('call:note', { callId: 'c9', note: null });
    await flushPromises();
    expect(wrapper.find('[data-testid="call-note-remark"]').exists()).toBe(true);
    await router.push('/console');
    await flushPromises();
    expect(socket.sentOf('calls:unwatch')).toEqual([{ id: 'c1' }]);
  });

  it('plays through a ticket link, renews it once on a playback error, and says so when that fails too', async () => {
    const { wrapper } = await open(everything());
    const audio = wrapper.get<HTMLAudioElement>('[data-testid="call-audio"]');
    expect(audio.attributes('src')).toBe('/api/calls/c1/recording?ticket=t1');
    expect(audio.attributes('preload')).toBe('metadata');
    await audio.trigger('error');
    await flushPromises();
    expect(wrapper.get('[data-testid="call-audio"]').attributes('src')).toBe(
      '/api/calls/c1/recording?ticket=t2',
    );
    await wrapper.get('[data-testid="call-audio"]').trigger('error');
    await flushPromises();
    expect(wrapper.get('[data-testid="call-recording-problem"]').text()).toContain('could not be played');
  });

  it('downloads through its own ticket', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { wrapper, sent } = await open(everything());
    await wrapper.get('[data-testid="call-recording-download"]').trigger('click');
    await flushPromises();
    expect(sent.filter((s) => s.url.endsWith('recording-link')).map((s) => s.body)).toEqual([
      { download: false },
      { download: true },
    ]);
    expect(clicked).toEqual(['/api/calls/c1/recording?ticket=t2&download=1']);
  });

  it('says in place what is missing: no recording, no transcript', async () => {
    const { wrapper, sent } = await open(
      everything({
        'GET /api/calls/c1': detailOf({
          recording: { available: false, reason: 'This call was not recorded.' },
        }),
        'GET /api/calls/c1/transcript': () => notFound('The PBX has no AI transcript of this call.'),
      }),
    );
    expect(wrapper.get('[data-testid="call-recording-none"]').text()).toBe('This call was not recorded.');
    expect(wrapper.find('audio').exists()).toBe(false);
    expect(sent.some((s) => s.url.endsWith('recording-link'))).toBe(false);
    expect(wrapper.get('[data-testid="call-transcript-none"]').text()).toBe(
      'The PBX has no AI transcript of this call.',
    );
  });

  it('does not ask for a transcript the detail already says is missing', async () => {
    const { wrapper, sent } = await open(
      everything({
        'GET /api/calls/c1': detailOf({
          transcript: { available: false, reason: 'The call was not answered.' },
        }),
      }),
    );
    expect(wrapper.get('[data-testid="call-transcript-none"]').text()).toBe('The call was not answered.');
    expect(sent.some((s) => s.url.endsWith('/transcript'))).toBe(false);
  });

  it('says when the call is unknown, refused, or its recording is refused by the PBX', async () => {
    let app = await open({ 'GET /api/calls/zz': () => notFound('No call zz in the PBX records.') }, 'zz');
    expect(app.wrapper.get('[data-testid="call-detail-state"]').text()).toBe(
      'No call zz in the PBX records.',
    );
    app.wrapper.unmount();
    app = await open(
      {
        'GET /api/calls/c1': () => [
          403,
          { ok: false, error: { code: 'forbidden', message: 'This call is outside your queues.' } },
        ],
      },
      'c1',
    );
    expect(app.wrapper.get('[data-testid="call-detail-state"]').text()).toBe(
      'Not allowed. This call is outside your queues.',
    );
    app.wrapper.unmount();
    app = await open(
      everything({
        'POST /api/calls/c1/recording-link': () => [
          502,
          { ok: false, error: { code: 'pbx_error', message: 'The PBX refused the download.' } },
        ],
      }),
    );
    expect(app.wrapper.get('[data-testid="call-recording-problem"]').text()).toContain(
      'The PBX refused the download.',
    );
  });
});
