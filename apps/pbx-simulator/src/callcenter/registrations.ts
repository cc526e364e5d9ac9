import { PBX_EVENT } from '@switchboard/pbx-api';
import type { SeededRandom } from '../support/seeded-random.js';
import { hash32 } from '../support/seeded-random.js';
import type { TimerHandle } from './clock.js';
import { registrationMsg, type RegistrationKind } from './event-payloads.js';
import type { SimContext } from './sim-context.js';
import type { SimExtension } from './world.types.js';

/** Endpoints an extension can be online on, as `online_status` names them (fxs_phone aside). */
export type Endpoint = 'sip_phone' | 'linkus_desktop' | 'linkus_mobile' | 'linkus_web';

const ENDPOINTS: readonly Endpoint[] = ['sip_phone', 'linkus_desktop', 'linkus_mobile', 'linkus_web'];

/** 30007 `kind` of each endpoint. */
const KIND: Readonly<Record<Endpoint, RegistrationKind>> = {
  sip_phone: 'Sip',
  linkus_desktop: 'Desktop',
  linkus_mobile: 'Mobile',
  linkus_web: 'Web',
};

/** `ext_dev_type` of each endpoint (and of the FXS port no extension of the scenarios has). */
const DEV_TYPE: Readonly<Record<Endpoint | 'fxs_phone', string>> = {
  sip_phone: 'sip',
  linkus_desktop: 'linkusdesktop',
  linkus_mobile: 'linkusmobile',
  linkus_web: 'linkusweb',
  fxs_phone: 'fxs',
};

/** Chance each endpoint is online at the start, by role: agents work at desk phones and Linkus Desktop. */
const ONLINE_AT_START: Readonly<Record<SimExtension['role'], Readonly<Record<Endpoint, number>>>> = {
  agent: { sip_phone: 0.93, linkus_desktop: 0.55, linkus_mobile: 0.15, linkus_web: 0.05 },
  staff: { sip_phone: 0.85, linkus_desktop: 0.45, linkus_mobile: 0.5, linkus_web: 0.1 },
};

/** Mean time between two changes of one extension's endpoints, simulated minutes (at traffic rate 1). */
const CHANGE_EVERY_MIN = 360;
/** How long a desk phone stays away when it drops (reboot, network), simulated seconds. */
const SIP_AWAY_SEC: readonly [number, number] = [60, 600];
/** How long a Linkus client stays logged in or out before going back, simulated minutes. */
const APP_SWITCH_MIN: readonly [number, number] = [5, 45];
/** Share of changes that are a desk phone dropping; the rest log a Linkus client in or out for a while. */
const SIP_SHARE = 0.6;

/**
 * Where each extension is online: a desk phone registered over SIP and the Linkus clients logged in. Most
 * phones are registered and a few never are (an agent without one works on Linkus Desktop); from time to time
 * a registered phone drops for a few minutes and a Linkus client is logged in or out for a while, each change
 * published as 30007. Reported only: registration does not decide who gets calls.
 */
export class Registrations {
  private readonly online = new Map<number, Set<Endpoint>>();
  /** Endpoints that will change back by themselves (`<ext id>:<endpoint>`). */
  private readonly away = new Set<string>();
  /** Endpoints an extension was online on before `setReachable(ext, false)`, to bring back. */
  private readonly parked = new Map<number, Endpoint[]>();
  private rate = 0;
  private next: TimerHandle | undefined;

  constructor(
    private readonly ctx: SimContext,
    private readonly rng: SeededRandom,
  ) {
    for (const ext of ctx.world.extensions) {
      const odds = ONLINE_AT_START[ext.role];
      const on = new Set(ENDPOINTS.filter((endpoint) => rng.chance(odds[endpoint])));
      // Nobody is left unreachable: without a desk phone an agent is logged in to Linkus Desktop.
      if (ext.role === 'agent' && !on.has('sip_phone')) on.add('linkus_desktop');
      this.online.set(ext.id, on);
    }
  }

  /** Scales how often endpoints change; 0 stops changes (a change in progress still comes back). */
  setRate(rate: number): void {
    this.rate = rate;
    this.ctx.cancel(this.next);
    this.next = undefined;
    this.schedule();
  }

  /** Whether the extension is online on the endpoint now. */
  isOnline(ext: SimExtension, endpoint: Endpoint): boolean {
    return this.online.get(ext.id)?.has(endpoint) ?? false;
  }

  /**
   * Takes every endpoint of the extension offline (each unregistration published as 30007), or brings back the
   * ones it was online on before; for tests and demos of a phone that drops. Returns the endpoints now online.
   */
  setReachable(ext: SimExtension, reachable: boolean): Endpoint[] {
    const on = this.online.get(ext.id) ?? new Set<Endpoint>();
    if (!reachable) {
      const before = [...on];
      if (before.length > 0) this.parked.set(ext.id, before);
      for (const endpoint of before) this.flip(ext, endpoint);
    } else {
      const back = this.parked.get(ext.id) ?? ['sip_phone'];
      this.parked.delete(ext.id);
      for (const endpoint of back.filter((e) => !on.has(e))) this.flip(ext, endpoint);
    }
    return [...(this.online.get(ext.id) ?? [])];
  }

  /** `online_status` of an extension row (docs/pbx/configuration.md#online-status). */
  onlineStatus(ext: SimExtension): Record<string, unknown> {
    const app = (endpoint: Endpoint) => ({
      status: this.isOnline(ext, endpoint) ? 1 : 0,
      ext_dev_type: DEV_TYPE[endpoint],
    });
    return {
      // SIP has no `status`; its registrations are listed only while there is one.
      sip_phone: this.isOnline(ext, 'sip_phone')
        ? { ext_dev_type: DEV_TYPE.sip_phone, status_list: [{ status: 1, ip: addressOf(ext, 'sip_phone') }] }
        : { ext_dev_type: DEV_TYPE.sip_phone },
      linkus_desktop: app('linkus_desktop'),
      linkus_mobile: app('linkus_mobile'),
      linkus_web: app('linkus_web'),
      // The P570 the simulator reports has FXS ports; no extension of the scenarios uses one.
      fxs_phone: { status: 0, ext_dev_type: DEV_TYPE.fxs_phone },
    };
  }

  private schedule(): void {
    const count = this.ctx.world.extensions.length;
    if (this.rate <= 0 || count === 0) return;
    const gapMs = this.rng.exponential((CHANGE_EVERY_MIN * 60_000) / count / this.rate);
    this.next = this.ctx.after(gapMs, () => {
      this.next = undefined;
      this.change(this.rng.pick(this.ctx.world.extensions));
      this.schedule();
    });
  }

  /** One change of one extension: its desk phone drops for a while, or a Linkus client switches for a while. */
  private change(ext: SimExtension): void {
    if (this.rng.chance(SIP_SHARE)) {
      // A phone that was never registered does not drop; one already away is coming back anyway.
      if (!this.isOnline(ext, 'sip_phone') || this.away.has(`${ext.id}:sip_phone`)) return;
      this.switchFor(ext, 'sip_phone', this.rng.uniform(SIP_AWAY_SEC[0], SIP_AWAY_SEC[1]) * 1000);
      return;
    }
    const endpoint = this.rng.pick([
      'linkus_desktop',
      'linkus_mobile',
      'linkus_mobile',
      'linkus_web',
    ] as const);
    if (this.away.has(`${ext.id}:${endpoint}`)) return;
    this.switchFor(ext, endpoint, this.rng.uniform(APP_SWITCH_MIN[0], APP_SWITCH_MIN[1]) * 60_000);
  }

  /** Flips the endpoint now and back after `forMs`. */
  private switchFor(ext: SimExtension, endpoint: Endpoint, forMs: number): void {
    const key = `${ext.id}:${endpoint}`;
    this.away.add(key);
    this.flip(ext, endpoint);
    this.ctx.after(forMs, () => {
      this.away.delete(key);
      this.flip(ext, endpoint);
    });
  }

  private flip(ext: SimExtension, endpoint: Endpoint): void {
    const on = this.online.get(ext.id) ?? new Set<Endpoint>();
    const registered = !on.has(endpoint);
    if (registered) on.add(endpoint);
    else on.delete(endpoint);
    this.online.set(ext.id, on);
    this.ctx.events.publish(
      PBX_EVENT.EXTENSION_REGISTRATION_CHANGED,
      registrationMsg(ext.number, KIND[endpoint], registered, addressOf(ext, endpoint)),
    );
  }
}

/**
 * The address an endpoint registers from: the desk phone's own, a PC on the same office network for Desktop
 * and Web, a carrier address for Mobile. Derived from the extension, so it is stable.
 */
function addressOf(ext: SimExtension, endpoint: Endpoint): string {
  const phone = ext.ipAddress.slice(0, ext.ipAddress.lastIndexOf(':'));
  if (endpoint === 'sip_phone') return phone;
  const h = hash32(`${endpoint}:${ext.number}`);
  if (endpoint === 'linkus_mobile')
    return `100.${64 + (h & 0x3f)}.${(h >>> 8) & 0xff}.${((h >>> 16) & 0xfd) + 1}`;
  const [, , third = '0', fourth = '0'] = phone.split('.');
  return `192.168.${Number(third) + 100}.${fourth}`;
}
