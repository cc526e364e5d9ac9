import { describe, expect } from 'vitest';
import type {
  AllowNumbersCreateParams,
  IvrCreateParams,
  MessageQueueCreateParams,
  PhoneBatchUpdateParams,
} from '../index.js';
import { ok } from '../../test/support/fake-pbx.js';
import { exchange, itSendsEach } from '../../test/support/exchanges.js';
import { IVR_MENU, PHONE_BATCH } from '../../test/support/samples.js';

const TOKEN = { access_token: 'test-token' };

const vip = { id: 2, name: 'VIP', limit_type: 'inbound', number_list: '5551234&5555678' };
const spam = { id: 1, name: 'Spam', limit_type: 'inbound', number_list: '5550666&5550667' };
const fraud = { id: 3, name: 'Fraud Calls', limit_type: 'inbound', number_list: '82469079' };
const allowRule: AllowNumbersCreateParams = {
  name: 'VIP',
  limit_type: 'both',
  number_list: '5551234&+4420123',
};
const blockRule = { name: 'Refused 5551234', limit_type: 'inbound', number_list: '5551234' } as const;
const pins = { name: 'Sales PINs', pin_list: '1234,5678', enb_record_cdr: 1 } as const;
const localCalls = { id: 13, name: 'local_calls', pin_list: '2283,3301', enb_record_cdr: 0 };
const chatQueue: MessageQueueCreateParams = {
  name: 'Chat support',
  assignment_mode: 'manual',
  members: [{ extension_id: 12 }, { extension_id: 13 }],
};
const phoneUpdate: PhoneBatchUpdateParams = {
  batch_id_list: [5, 6],
  phone_list: [{ id: 5, mac: '80-5E-C0-11-22-33', ext_id: 14 }],
};
const reasons = [
  { code: '*801', reason: 'Lunch' },
  { code: '#802', reason: 'Training' },
];
const fullMenu: IvrCreateParams = {
  ...IVR_MENU,
  enb_dial_outb_routes: 1,
  dial_outb_route_list: [{ text: 'Local', value: '3' }],
  press1_dest: 'extension',
  press1_dest_prefix: '',
  press1_dest_value: '2001',
  allow_out_record1: 1,
  press_hash_dest: 'play_prompt',
  press_hash_dest_prefix: '2',
  press_hash_dest_value: 'closed.wav',
  allow_out_record_hash: 0,
  timeout_dest: 'external_num',
  timeout_dest_prefix: '9',
  timeout_dest_value: '5551234',
};

describe('allowlist and blocklist rules: what each method sends and what it returns', () => {
  itSendsEach([
    exchange({
      sends: 'POST v1.0 allow_numbers/create',
      name: 'allowNumbers.create returns the new id',
      answer: ok({ id: 9 }),
      call: (pbx) => pbx.allowNumbers.create(allowRule),
      carrying: { body: allowRule },
      returns: (result) => expect(result.id).toBe(9),
    }),
    exchange({
      sends: 'GET v1.0 allow_numbers/query',
      name: 'allowNumbers.query with ids, and returns the rules',
      data: [vip],
      call: (pbx) => pbx.allowNumbers.query({ ids: '2' }),
      carrying: { query: { ids: '2', ...TOKEN } },
    }),
    exchange({
      sends: 'GET v1.0 allow_numbers/search',
      name: 'allowNumbers.search sends the keyword with paging',
      answer: ok({ total_number: 1, data: [fraud] }),
      call: (pbx) => pbx.allowNumbers.search({ search_value: '8246', page: 2, sort_by: 'name' }),
      carrying: { query: { search_value: '8246', page: '2', sort_by: 'name' } },
      returns: (result) => expect(result.data).toEqual([fraud]),
    }),
    exchange({
      sends: 'GET v1.0 allow_numbers/delete',
      name: 'allowNumbers.delete with the rule id',
      call: (pbx) => pbx.allowNumbers.delete({ id: 2 }),
      carrying: { query: { id: '2' } },
    }),
    exchange({
      sends: 'POST v1.0 block_numbers/create',
      name: 'blockNumbers.create returns the new id',
      answer: ok({ id: 4 }),
      call: (pbx) => pbx.blockNumbers.create(blockRule),
      carrying: { query: TOKEN, body: blockRule },
      returns: (result) => expect(result.id).toBe(4),
    }),
    exchange({
      sends: 'GET v1.0 block_numbers/list',
      name: 'blockNumbers.list with paging, and returns the rules',
      answer: ok({ total_number: 1, data: [spam] }),
      call: (pbx) => pbx.blockNumbers.list({ page_size: 50, sort_by: 'id' }),
      carrying: { query: { page_size: '50', sort_by: 'id', ...TOKEN } },
      returns: (result) => expect(result.data).toEqual([spam]),
    }),
    exchange({
      sends: 'GET v1.0 block_numbers/query',
      name: 'blockNumbers.query sends ids',
      answer: ok({ data: [fraud] }),
      call: (pbx) => pbx.blockNumbers.query({ ids: '3,5' }),
      carrying: { query: { ids: '3,5' } },
    }),
    exchange({
      sends: 'POST v1.0 block_numbers/update',
      name: 'blockNumbers.update POSTs only the fields given',
      call: (pbx) => pbx.blockNumbers.update({ id: 5, limit_type: 'both' }),
      carrying: { body: { id: 5, limit_type: 'both' } },
    }),
    exchange({
      sends: 'GET v1.0 block_numbers/delete',
      name: 'blockNumbers.delete with the rule id',
      call: (pbx) => pbx.blockNumbers.delete({ id: 7 }),
      carrying: { query: { id: '7', ...TOKEN } },
      returns: (result) => expect(result.errcode).toBe(0),
    }),
  ]);
});

describe('PIN lists, IVRs, message queues, phones and pause reasons: what each method sends', () => {
  itSendsEach([
    exchange({
      sends: 'POST v1.0 pin_list/create',
      name: 'pinList.create returns the new id',
      answer: ok({ id: 2 }),
      call: (pbx) => pbx.pinList.create(pins),
      carrying: { body: pins },
      returns: (result) => expect(result.id).toBe(2),
    }),
    exchange({
      sends: 'GET v1.0 pin_list/query',
      name: 'pinList.query sends the ids under both spellings (the example’s id and the table’s ids)',
      data: [localCalls],
      call: (pbx) => pbx.pinList.query({ ids: '13,14' }),
      carrying: { query: { ids: '13,14', id: '13,14' } },
    }),
    exchange({
      sends: 'POST v1.0 ivr/create',
      name: 'ivr.create with the JSON body, and returns the new id',
      answer: ok({ id: 41 }),
      call: (pbx) => pbx.ivr.create(fullMenu),
      carrying: { query: TOKEN },
      returns: (result, sent) => {
        expect(sent.headers['content-type']).toMatch(/application\/json/);
        expect(sent.body).toEqual(fullMenu);
        expect(result).toEqual({ errcode: 0, errmsg: 'SUCCESS', id: 41 });
      },
    }),
    exchange({
      sends: 'POST v1.0 message_queue/create',
      name: 'messageQueue.create returns the new id',
      answer: ok({ id: 7 }),
      call: (pbx) => pbx.messageQueue.create(chatQueue),
      carrying: { body: chatQueue },
      returns: (result) => expect(result.id).toBe(7),
    }),
    exchange({
      sends: 'POST v1.0 phone/batchcreate',
      name: 'phone.batchCreate with the JSON body',
      call: (pbx) => pbx.phone.batchCreate(PHONE_BATCH),
      carrying: { query: TOKEN },
      returns: (result, sent) => {
        expect(sent.body).toEqual(PHONE_BATCH);
        expect(result).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
      },
    }),
    exchange({
      sends: 'POST v1.0 phone/batchupdate',
      name: 'phone.batchUpdate with the JSON body',
      call: (pbx) => pbx.phone.batchUpdate(phoneUpdate),
      returns: (_, sent) => expect(sent.body).toEqual(phoneUpdate),
    }),
    exchange({
      sends: 'POST v1.0 queue_pause_reason/update',
      name: 'queuePauseReason.update with the whole list',
      call: (pbx) => pbx.queuePauseReason.update({ pause_reason_list: reasons }),
      carrying: { query: TOKEN, body: { pause_reason_list: reasons } },
      returns: (result) => expect(result.errcode).toBe(0),
    }),
    exchange({
      sends: 'POST v1.0 queue_pause_reason/update',
      name: 'queuePauseReason.update sends an empty list, which clears every reason',
      call: (pbx) => pbx.queuePauseReason.update({ pause_reason_list: [] }),
      returns: (_, sent) => expect(sent.body).toEqual({ pause_reason_list: [] }),
    }),
  ]);
});
