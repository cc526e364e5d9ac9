import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PbxTimeFormat, type CdrRecord } from '@switchboard/pbx-api';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { CdrSearchDialect, type CdrPage, type CdrQuery, type CdrTimeForm } from './cdr-search.js';
import { PbxConnectionService, type PbxRequestOptions } from './pbx-connection.service.js';

/** The display format (and the firmware it was read with) is read again after this long. */
export const DISPLAY_FORMAT_TTL_MS = 5 * 60_000;

const BACKGROUND: PbxRequestOptions = { priority: 'background' };

/**
 * Every cdr/search of the gateway goes through here, so each works on the PBX's firmware
 * (docs/pbx/records.md#cdr-search-by-firmware): times are sent in the form the PBX takes (found out, see
 * {@link CdrSearchDialect}) and paging the PBX ignores is noticed. What was found out is forgotten when the
 * PBX answers again after failing, when the event stream opens again (an upgrade restarts the PBX), and when
 * system/information reports another firmware version. Also the one reader of the PBX's display format.
 */
@Injectable()
export class CdrSearchService implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('CdrSearch');
  private readonly dialect: CdrSearchDialect;
  private display: { at: number; format: PbxTimeFormat; firmware: string } | undefined;
  /** The system/information read under way: callers at the same moment share it. */
  private reading: Promise<PbxTimeFormat> | undefined;
  private readonly stops: (() => void)[] = [];

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
  ) {
    this.dialect = new CdrSearchDialect({
      send: (params, how) => this.pbx.request('cdr/search', (client) => client.cdr.search(params), how),
      displayFormat: (how) => this.displayFormat(how),
      warn: (msg, meta) => this.log.warn({ msg, ...meta }),
      info: (msg, meta) => this.log.log({ msg, ...meta }),
    });
  }

  onModuleInit(): void {
    this.stops.push(
      this.pbx.onRecovered(() => this.dialect.forget()),
      this.pbx.onEventGap(() => this.dialect.forget()),
    );
  }

  onModuleDestroy(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /** The time form found to work, or undefined while not known. */
  get timeForm(): CdrTimeForm | undefined {
    return this.dialect.timeForm;
  }

  /** Page `page` of `pageSize` matches, newest first. */
  page(
    query: CdrQuery,
    paging: { page: number; pageSize: number },
    how: PbxRequestOptions = BACKGROUND,
  ): Promise<CdrPage> {
    return this.dialect.page(query, paging, how);
  }

  /** Every match a page at a time, up to `maxRecords` (whole pages). */
  pages(
    query: CdrQuery,
    options: { pageSize: number; maxRecords?: number },
    how: PbxRequestOptions = BACKGROUND,
  ): AsyncGenerator<CdrRecord[], void> {
    return this.dialect.pages(query, options, how);
  }

  /** Every match in one array, up to `maxRecords` (whole pages). */
  all(
    query: CdrQuery,
    options: { pageSize: number; maxRecords?: number },
    how: PbxRequestOptions = BACKGROUND,
  ): Promise<CdrRecord[]> {
    return this.dialect.all(query, options, how);
  }

  /** The PBX's display format (system/information) in the site's zone, read again every few minutes. */
  displayFormat(how: PbxRequestOptions = BACKGROUND): Promise<PbxTimeFormat> {
    if (this.display && Date.now() - this.display.at < DISPLAY_FORMAT_TTL_MS)
      return Promise.resolve(this.display.format);
    this.reading ??= this.readDisplayFormat(how).finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async readDisplayFormat(how: PbxRequestOptions): Promise<PbxTimeFormat> {
    const info = await this.pbx.request('system/information', (client) => client.system.information(), how);
    const format = PbxTimeFormat.fromSystemInformation(info.data, this.config.stats.timeZone);
    const firmware = String(info.data.firmware_version ?? '');
    if (this.display && this.display.firmware !== firmware) {
      this.log.log({ msg: 'PBX firmware changed: finding out its cdr/search again', firmware });
      this.dialect.firmwareChanged();
    }
    this.display = { at: Date.now(), format, firmware };
    return format;
  }
}
