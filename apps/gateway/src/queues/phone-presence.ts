import { extensionOnline, type ExtensionBasicInfo } from '@switchboard/pbx-api';

/** The endpoints of one extension that are online now. */
interface Endpoints {
  sip: boolean;
  apps: Set<string>;
}

/** 30007 `kind` of each Linkus client, as extension/list's `online_status` names them. */
const APP_OF_KIND: Readonly<Record<string, string>> = {
  mobile: 'linkus_mobile',
  desktop: 'linkus_desktop',
  web: 'linkus_web',
  pad: 'linkus_mobile',
};

/**
 * Whether each extension can be rung: any SIP phone or Linkus client registered
 * (docs/pbx/queues-and-agents.md#phone-online-status). Read from extension/list's `online_status` and kept current
 * between reads by event 30007. An extension the PBX did not describe (a row without `online_status`, older
 * firmware) is unknown, never offline. Pure: no I/O.
 */
export class PhonePresence {
  private readonly endpoints = new Map<string, Endpoints>();

  /**
   * Replaces what is known with an extension/list read; returns the extension numbers whose online state
   * changed (or became known).
   */
  applyList(rows: readonly ExtensionBasicInfo[]): string[] {
    const before = new Map([...this.endpoints.keys()].map((number) => [number, this.online(number)]));
    this.endpoints.clear();
    for (const row of rows) {
      if (typeof row.online_status !== 'object' || row.online_status === null) continue;
      const online = extensionOnline(row);
      this.endpoints.set(row.number, { sip: online.sipPhone || online.fxsPhone, apps: new Set(online.apps) });
    }
    const numbers = new Set([...before.keys(), ...this.endpoints.keys()]);
    return [...numbers].filter((number) => before.get(number) !== this.online(number));
  }

  /**
   * 30007: one endpoint registered or unregistered. Returns whether the extension's online state changed. A SIP
   * `Unregistered` counts the extension's SIP phones as gone until the next read (the event does not say
   * whether another SIP phone of the extension is still registered).
   */
  applyRegistration(extension: string, kind: string | undefined, status: string): boolean {
    const known = this.endpoints.get(extension);
    if (!known) return false;
    const before = this.online(extension);
    const registered = status.toLowerCase() === 'registered';
    const app = APP_OF_KIND[(kind ?? '').toLowerCase()];
    if (app === undefined) known.sip = registered;
    else if (registered) known.apps.add(app);
    else known.apps.delete(app);
    return before !== this.online(extension);
  }

  /** True when a phone or app of the extension is online, false when none is, undefined when not known. */
  online(extension: string): boolean | undefined {
    const known = this.endpoints.get(extension);
    return known ? known.sip || known.apps.size > 0 : undefined;
  }
}
