/**
 * Identifiers as the PBX writes them: call ids `<unix-seconds>.<sequence>`, channels
 * `PJSIP/1001-0000001a` and `PJSIP/trunk-<name>-endpoint-000000b5`, numeric uaCSTA call ids.
 * One instance survives a reset of the call center, so ids never repeat within a process.
 */
export class IdSource {
  private callSeq = 0;
  private channelSeq = 0;
  private uacstaSeq = 32_768;

  /** A call id for a call starting at simulated unix ms `nowMs`. */
  callId(nowMs: number): string {
    this.callSeq += 1;
    return `${Math.floor(nowMs / 1000)}.${this.callSeq}`;
  }

  /** Channel of an extension leg. */
  extensionChannel(number: string): string {
    return `PJSIP/${number}-${this.nextChannel()}`;
  }

  /** Channel of a trunk leg. */
  trunkChannel(trunkName: string): string {
    return `PJSIP/trunk-${trunkName}-endpoint-${this.nextChannel()}`;
  }

  /** A uaCSTA call id (the phone's own numbering, not the PBX call id). */
  uacstaId(): string {
    this.uacstaSeq += 1;
    return String(this.uacstaSeq);
  }

  private nextChannel(): string {
    this.channelSeq += 1;
    return this.channelSeq.toString(16).padStart(8, '0');
  }
}
