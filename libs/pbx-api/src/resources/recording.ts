import { paginate } from '../internal/paginate.js';
import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  Recording,
  RecordingIterateParams,
  RecordingListParams,
  RecordingListResponse,
} from './recording.types.js';

/** Page size `iterate()` uses when none is given (the PBX publishes no maximum for this list). */
export const RECORDING_ITERATE_PAGE_SIZE = 100;

/** Call recordings. */
export class RecordingResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET recording/list: one page of recordings. */
  list(params: RecordingListParams = {}, options?: RequestOptions): Promise<RecordingListResponse> {
    return this.api.call('recording/list', params, options);
  }

  /** Every recording across all pages, in the requested order, fetched page by page as you consume them. */
  iterate(params: RecordingIterateParams = {}, options?: RequestOptions): AsyncGenerator<Recording, void> {
    const { page_size: pageSize = RECORDING_ITERATE_PAGE_SIZE, ...sorting } = params;
    return paginate(async (page, size) => {
      const answer = await this.list({ ...sorting, page, page_size: size }, options);
      return { items: answer.data ?? [], total: answer.total_number };
    }, pageSize);
  }
}
