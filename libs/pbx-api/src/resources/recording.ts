import { PbxApiError } from '../errors.js';
import { paginate } from '../internal/paginate.js';
import { redactSecrets } from '../internal/redact.js';
import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  Recording,
  RecordingIterateParams,
  RecordingDownloadResponse,
  RecordingOpenOptions,
  RecordingRef,
  RecordingSearchResponse,
  RecordingStream,
} from './recording.types.js';
import { reading, resourceWith, withRows } from './resource.js';

/** Page size `iterate()` uses when none is given (the PBX publishes no maximum for this list). */
export const RECORDING_ITERATE_PAGE_SIZE = 100;

/** How long a download link is reused: well inside the 30 minutes the PBX keeps it valid. */
export const RECORDING_LINK_REUSE_MS = 25 * 60 * 1000;
/** Links remembered at most (one per recording); the oldest is forgotten first. */
const MAX_CACHED_LINKS = 1_000;

interface CachedLink {
  file: string;
  path: string;
  fetchedAt: number;
}

/** Call recordings. */
export class RecordingResource extends resourceWith({
  /** GET recording/list: one page of recordings. */
  list: 'recording/list',
  /** GET recording/search: one page of the recordings matching time (Unix seconds), parties or IDs. */
  search: reading('recording/search', withRows<RecordingSearchResponse>),
}) {
  /** Download links by recording (`id:7`, `file:x.wav`), in the order they were fetched. */
  private readonly links = new Map<string, CachedLink>();

  /** `now`: the clock link ages are measured with (tests replace it). */
  constructor(
    api: PbxRequester,
    private readonly now: () => number = Date.now,
  ) {
    super(api);
  }

  /**
   * GET recording/download (step 1, docs/pbx/records.md#recording-download): the file name and a link valid 30
   * minutes. The link works only with the access token: keep it on the server, never hand it to a browser.
   */
  downloadLink(ref: RecordingRef, options?: RequestOptions): Promise<RecordingDownloadResponse> {
    return this.fileLink('recording/download', ref, options);
  }

  /**
   * Streams a recording (step 2), whole or a byte range: `{ status, headers, body }` with the body a Node
   * stream the caller must consume or destroy. The link of step 1 is reused for 25 minutes; when the PBX
   * answers an errcode instead of audio (an expired or unknown link), a new link is fetched once and the
   * request repeated. Fails with PbxApiError when the PBX still refuses; errors never carry the token or link.
   */
  async open(ref: RecordingRef, options: RecordingOpenOptions = {}): Promise<RecordingStream> {
    const key = 'id' in ref ? `id:${ref.id}` : `file:${ref.file}`;
    const requestOptions = options.signal ? { signal: options.signal } : {};
    const streamOptions = { ...requestOptions, ...(options.range ? { range: options.range } : {}) };
    let link = this.cachedLink(key) ?? (await this.fetchLink(ref, key, requestOptions));
    let result = await this.api.openStream('recording/download', link.path, streamOptions);
    if (result.kind === 'envelope') {
      this.links.delete(key);
      link = await this.fetchLink(ref, key, requestOptions);
      result = await this.api.openStream('recording/download', link.path, streamOptions);
    }
    if (result.kind === 'envelope') {
      this.links.delete(key);
      const { errcode, errmsg } = result.envelope;
      throw new PbxApiError('recording/download', errcode, redactSecrets(errmsg, [link.path]));
    }
    return { file: link.file, ...result.file };
  }

  private cachedLink(key: string): CachedLink | undefined {
    const link = this.links.get(key);
    if (link && this.now() - link.fetchedAt < RECORDING_LINK_REUSE_MS) return link;
    this.links.delete(key);
    return undefined;
  }

  private async fetchLink(ref: RecordingRef, key: string, options: RequestOptions): Promise<CachedLink> {
    const answer = await this.downloadLink(ref, options);
    const link = { file: answer.file, path: answer.download_resource_url, fetchedAt: this.now() };
    this.links.delete(key);
    this.links.set(key, link);
    for (const oldest of this.links.keys()) {
      if (this.links.size <= MAX_CACHED_LINKS) break;
      this.links.delete(oldest);
    }
    return link;
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
