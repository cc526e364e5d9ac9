import { paginate } from '../internal/paginate.js';
import type { RequestOptions } from '../internal/requester.js';
import type { MessageChannelIterateParams, MessageChannelSummary } from './message-channel.types.js';
import { resourceWith, rowsUnderList } from './resource.js';

/** Page size `iterate()` uses when none is given (the PBX publishes no maximum for this list). */
export const MESSAGE_CHANNEL_ITERATE_PAGE_SIZE = 100;

/** SMS, live chat and messenger channels. */
export class MessageChannelResource extends resourceWith({
  /** GET message_channel/list: one page of channels with message counters for `time_range`. */
  list: 'message_channel/list',
  /** GET message_channel/get: one SMS, chat-app or social-page channel with its routing. */
  get: 'message_channel/get',
  /**
   * GET message_channel/search: one page of channels whose name or number contains `search_value`, with
   * counters for `time_range`; rows under `list` whichever key the PBX used (quirks.ts, 12).
   */
  search: rowsUnderList('message_channel/search'),
  /** GET message_channel/getlivechat: one live chat channel (message_channel/get does not serve them). */
  getLiveChat: 'message_channel/getlivechat',
}) {
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
}
