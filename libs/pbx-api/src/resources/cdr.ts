import { PbxTransportError } from '../errors.js';
import { paginate } from '../internal/paginate.js';
import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { normaliseCdr } from '../quirks.js';
import { parseAiTranscriptionFile } from './ai-transcription.parser.js';
import type {
  AiTranscriptionLeg,
  CdrAiDownloadParams,
  CdrAiDownloadUrlParams,
  CdrAiDownloadUrlResponse,
  CdrDetails,
  CdrIterateParams,
  CdrListParams,
  CdrListResponse,
  CdrRecord,
  CdrSearchParams,
  CdrSearchResponse,
} from './cdr.types.js';

/** Page size `iterate()` uses when none is given: large enough for few requests, small enough for quick answers. */
export const CDR_ITERATE_PAGE_SIZE = 1_000;

/** Call detail records and their AI transcriptions. */
export class CdrResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET cdr/search: one page of matching records, each with `record_id` added. */
  async search(params: CdrSearchParams = {}, options?: RequestOptions): Promise<CdrSearchResponse> {
    const answer = await this.api.call<Omit<CdrSearchResponse, 'data'> & { data?: CdrDetails[] }>(
      'cdr/search',
      params,
      options,
    );
    return { ...answer, data: (answer.data ?? []).map((record) => normaliseCdr(record)) };
  }

  /** GET cdr/list: one page of all records, sorted as asked, each with `record_id` added. */
  async list(params: CdrListParams = {}, options?: RequestOptions): Promise<CdrListResponse> {
    const answer = await this.api.call<Omit<CdrListResponse, 'data'> & { data?: CdrDetails[] }>(
      'cdr/list',
      params,
      options,
    );
    return { ...answer, data: (answer.data ?? []).map((record) => normaliseCdr(record)) };
  }

  /** Every matching record across all pages, fetched page by page as you consume them. */
  iterate(params: CdrIterateParams = {}, options?: RequestOptions): AsyncGenerator<CdrRecord, void> {
    const { page_size: pageSize = CDR_ITERATE_PAGE_SIZE, ...filters } = params;
    return paginate(async (page, size) => {
      const answer = await this.search({ ...filters, page, page_size: size }, options);
      return { items: answer.data, total: answer.total_number };
    }, pageSize);
  }

  /** GET cdr/aidownload (API v2.0): the name and download path of the AI transcription file. */
  async aiDownloadUrl(
    params: CdrAiDownloadUrlParams = {},
    options?: RequestOptions,
  ): Promise<CdrAiDownloadUrlResponse> {
    const answer = await this.api.call<CdrAiDownloadUrlResponse>('cdr/aidownload', params, options);
    const path: unknown = answer.download_resource_url;
    // The file is fetched with our token, so only a path on the PBX this client talks to is followed.
    if (typeof answer.file !== 'string' || typeof path !== 'string' || !/^\/?api\/download\//.test(path)) {
      throw new PbxTransportError(
        'cdr/aidownload answered without a file name and an /api/download/ path',
        'cdr/aidownload',
      );
    }
    return answer;
  }

  /** Gets the download path, downloads the file and returns its call legs. */
  async aiDownload(
    params: CdrAiDownloadParams = {},
    options?: RequestOptions,
  ): Promise<AiTranscriptionLeg[]> {
    const { download_resource_url: path } = await this.aiDownloadUrl(params, options);
    return parseAiTranscriptionFile(await this.api.download(path, options));
  }
}
