import { describe, expect, it } from 'vitest';
import * as api from './index.js';
import * as rules from './rules/index.js';

/**
 * Every runtime export of the package, sorted. Changing this list changes what the gateway, the simulator,
 * bench and e2e may rely on: do it on purpose, with a reviewer, and JSDoc what you add.
 */
const RUNTIME_EXPORTS = [
  'AGENT_CALL_STATUS',
  'CALL_NOTE_IN_CALL_SAMPLE_SPELLING',
  'CALL_NOTE_UPDATE_ENTRIES',
  'ClientCredentialsTokenProvider',
  'DEFAULT_USER_AGENT',
  'EVENT_MSG_ENCODING',
  'FORMATS',
  'IVR_DIAL_EXT_OPTIONS',
  'IVR_INVALID_FLAG',
  'IVR_INVALID_FLAG_SAMPLE_SPELLING',
  'IVR_KEYS',
  'MENU_OPTION_MENUS',
  'MESSAGE_QUEUE_ASSIGNMENT_MODES',
  'PBX_ERRCODE',
  'PBX_ERRMSG',
  'PBX_EVENT',
  'PBX_OPERATIONS',
  'PBX_RESPONSES',
  'PHONE_OPTION_MENUS',
  'PROVISIONING_METHODS',
  'PbxApiError',
  'PbxAuthError',
  'PbxClient',
  'PbxError',
  'PbxEventStream',
  'PbxTimeFormat',
  'PbxTimeoutError',
  'PbxTransportError',
  'PbxValidationError',
  'StaticTokenProvider',
  'VALIDATE_LIMITS',
  'callNoteUpdateCanonical',
  'canonicalParams',
  'companyContactIds',
  'dialPatternMatches',
  'encodePbxEventFrame',
  'extensionOnline',
  'findOperation',
  'isNumberOrPattern',
  'isPbxEvent',
  'isTokenErrcode',
  'ivrCreateCanonical',
  'menuOptionsMenu',
  'normaliseCallType',
  'normaliseCdrStatus',
  'parsePbxFrame',
  'parsePhonebookIds',
  'toInt',
  'validate',
  'wallTimeAt',
  'zonedDayStart',
];

/** The runtime exports of the browser-safe `./rules` entry, which the dashboard bundles. */
const RULES_RUNTIME_EXPORTS = [
  'AGENT_CALL_STATUS',
  'CALL_NOTE_UPDATE_ENTRIES',
  'FORMATS',
  'IVR_DIAL_EXT_OPTIONS',
  'IVR_KEYS',
  'MENU_OPTION_MENUS',
  'MESSAGE_QUEUE_ASSIGNMENT_MODES',
  'PBX_OPERATIONS',
  'PBX_RESPONSES',
  'PHONE_OPTION_MENUS',
  'PROVISIONING_METHODS',
  'VALIDATE_LIMITS',
  'canonicalParams',
  'dialPatternMatches',
  'findOperation',
  'isNumberOrPattern',
  'validate',
];

describe('public surface', () => {
  it('exports exactly the reviewed runtime names', () => {
    expect(Object.keys(api).sort()).toEqual(RUNTIME_EXPORTS);
  });

  it('serves the browser-safe entry as a part of the same surface, the same objects', () => {
    expect(Object.keys(rules).sort()).toEqual(RULES_RUNTIME_EXPORTS);
    for (const name of RULES_RUNTIME_EXPORTS)
      expect((rules as Record<string, unknown>)[name]).toBe((api as Record<string, unknown>)[name]);
  });
});
