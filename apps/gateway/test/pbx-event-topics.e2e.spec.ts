import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PbxConnectionService } from '../src/pbx/pbx-connection.service.js';
import { waitFor } from './support/live-client.js';
import { startLiveSetup, type LiveSetup } from './support/live-setup.js';

/**
 * The event stream's topics come from the handlers the gateway's services register. These are the events the
 * gateway was written to subscribe (docs/deployment.md lists them): a handler removed or added shows here.
 */
const SUBSCRIBED = [
  30007, 30008, 30011, 30012, 30016, 30020, 30024, 30025, 30028, 30029, 30034, 30035, 30036,
];

describe('PBX event topics', () => {
  let setup: LiveSetup;
  beforeAll(async () => {
    setup = await startLiveSetup();
  });
  afterAll(async () => {
    await setup?.stop();
  });

  it('subscribes exactly the events its services handle, and the PBX accepts them', async () => {
    const pbx = setup.gateway.app.get(PbxConnectionService);
    expect(pbx.eventTopics).toEqual(SUBSCRIBED);
    // The simulator refuses a topic list with a number the PBX does not publish, so open means accepted.
    await waitFor(() => pbx.health.eventStream === 'open', 'the PBX event stream', 10_000);
  });
});
