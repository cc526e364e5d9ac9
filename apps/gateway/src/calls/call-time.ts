import { PbxTimeFormat } from '@switchboard/pbx-api';

/** The form of `from`/`to` in call searches (live-protocol's parseCallSearchQuery pads seconds). */
const LOCAL = { dateFormat: 'YYYY-MM-DD', timeFormat: 'HH:mm:ss' };

/**
 * Times of call searches: the site's local wall times the browser sends, converted to the PBX's display
 * format (docs/pbx/errors-and-formats.md#time-filters), and the display text of records read back.
 */
export class CallTimes {
  private readonly local: PbxTimeFormat;

  constructor(readonly display: PbxTimeFormat) {
    this.local = new PbxTimeFormat({ ...LOCAL, timeZone: display.timeZone });
  }

  /** `2026-11-24T08:00:00` (site wall time) -> the instant, epoch ms. */
  instantOfLocal(local: string): number {
    return this.local.parse(local.replace('T', ' ')).getTime();
  }

  /** `2026-11-24T08:00:00` (site wall time) -> `2026/11/24 08:00:00` (the PBX's display format). */
  displayOfLocal(local: string): string {
    return this.display.format(new Date(this.instantOfLocal(local)));
  }

  /** Epoch ms -> site wall time `2026-11-24 08:00:00` (CSV cells). */
  localOf(ms: number): string {
    return this.local.format(new Date(ms));
  }

  /** Unix seconds -> display text. */
  displayOfSec(sec: number): string {
    return this.display.format(sec);
  }

  /** A record's display-format time -> epoch ms; undefined when it is not in the format. */
  readDisplay = (text: string): number | undefined => {
    try {
      return this.display.parse(text).getTime();
    } catch {
      return undefined;
    }
  };
}
