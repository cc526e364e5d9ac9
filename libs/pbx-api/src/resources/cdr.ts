import { paginate } from '../internal/paginate.js';
import type { RequestOptions } from '../internal/requester.js';
import { normaliseCdr } from '../quirks.js';
import { parseAiTranscriptionFile } from './ai-transcription.parser.js';
import type {
  AiTranscriptionLeg,
  CdrAiDownloadParams,
  CdrAiDownloadUrlParams,
  CdrAiDownloadUrlResponse,
  CdrDetails,
  CdrIterateParams,
  CdrRecord,
  CdrSearchResponse,
} from './cdr.types.js';
import { reading, resourceWith } from './resource.js';

/** Page size `iterate()` uses when none is given: large enough for few requests, small enough for quick answers. */
export const CDR_ITERATE_PAGE_SIZE = 1_000;

/** Call detail records and their AI transcriptions. */
export class CdrResource extends resourceWith({
  /** GET cdr/search: one page of matching records, each with `record_id` added. */
  search: reading('cdr/search', normalisedPage),
  /** GET cdr/list: one page of all records, sorted as asked, each with `record_id` added. */
  list: reading('cdr/list', normalisedPage),
}) {
  /** Every matching record across all pages, fetched page by page as you consume them. */
  iterate(params: CdrIterateParams = {}, options?: RequestOptions): AsyncGenerator<CdrRecord, void> {
    const { page_size: pageSize = CDR_ITERATE_PAGE_SIZE, ...filters } = params;
    return paginate(async (page, size) => {
      const answer = await this.search({ ...filters, page, page_size: size }, options);
      return { items: answer.data, total: answer.total_number };
    }, pageSize);
  }

  /** GET cdr/aidownload (API v2.0): the name and download path of the AI transcription file. */
  aiDownloadUrl(
    params: CdrAiDownloadUrlParams = {},
    options?: RequestOptions,
  ): Promise<CdrAiDownloadUrlResponse> {
    return this.fileLink('cdr/aidownload', params, options);
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

/** A cdr/search or cdr/list page, `record_id` added to each record (a page without any may lack `data`). */
function normalisedPage(
  answer: Omit<CdrSearchResponse, 'data'> & { data?: CdrDetails[] },
): CdrSearchResponse {
  return { ...answer, data: (answer.data ?? []).map((record) => normaliseCdr(record)) };
}
