import { paginate } from '../internal/paginate.js';
import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { rowsUnder } from '../quirks.js';
import type {
  MessageChannelGetLiveChatParams,
  MessageChannelGetLiveChatResponse,
  MessageChannelGetParams,
  MessageChannelGetResponse,
  MessageChannelIterateParams,
  MessageChannelListParams,
  MessageChannelListResponse,
  MessageChannelSearchParams,
  MessageChannelSummary,
} from './message-channel.types.js';

/** Page size `iterate()` uses when none is given (the PBX publishes no maximum for this list). */
export const MESSAGE_CHANNEL_ITERATE_PAGE_SIZE = 100;

/** SMS, live chat and messenger channels. */
export class MessageChannelResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET message_channel/list: one page of channels with message counters for `time_range`. */
  list(params: MessageChannelListParams, options?: RequestOptions): Promise<MessageChannelListResponse> {
    return this.api.call('message_channel/list', params, options);
  }

  /** Every channel across all pages, fetched page by page as you consume them. */
  iterate(
    params: MessageChannelIterateParams,
    options?: RequestOptions,
  ): AsyncGenerator<MessageChannelSummary, void> {
    const { page_size: pageSize = MESSAGE_CHANNEL_ITERATE_PAGE_SIZE, time_range } = params;
    return paginate(async (page, size) => {
      const answer = await this.list({ page, page_size: size, time_range }, options);
      return { items: answer.list ?? [], total: answer.total_number };
    }, pageSize);
  }

  /** GET message_channel/get: one SMS, chat-app or social-page channel with its routing. */
  get(params: MessageChannelGetParams, options?: RequestOptions): Promise<MessageChannelGetResponse> {
    return this.api.call('message_channel/get', params, options);
  }

  /**
   * GET message_channel/search: one page of channels whose name or number contains `search_value`, with
   * counters for `time_range`; rows under `list` whichever key the PBX used (quirks.ts, 12).
   */
  async search(
    params: MessageChannelSearchParams,
    options?: RequestOptions,
  ): Promise<MessageChannelListResponse> {
    return rowsUnder(
      await this.api.call<MessageChannelListResponse>('message_channel/search', params, options),
      'list',
    );
  }

  /** GET message_channel/getlivechat: one live chat channel (message_channel/get does not serve them). */
  getLiveChat(
    params: MessageChannelGetLiveChatParams,
    options?: RequestOptions,
  ): Promise<MessageChannelGetLiveChatResponse> {
    return this.api.call('message_channel/getlivechat', params, options);
  }
}
