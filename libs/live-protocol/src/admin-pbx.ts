import type { PbxOperationAnswers, PbxOperationName, PbxOperationParams } from '@switchboard/pbx-api/rules';

/**
 * Operations the gateway keeps to itself: its own PBX credentials and tokens never pass through REST, and
 * recording/download answers a link that works with the gateway's token, which must not reach a browser
 * (recordings are streamed by the gateway instead).
 */
export const PRIVATE_PBX_OPERATIONS = [
  'get_token',
  'refresh_token',
  'del_token',
  'recording/download',
] as const;

/** An operation admins may call through POST /api/pbx/<resource>/<action>. */
export type AdminOperationName = Exclude<PbxOperationName, (typeof PRIVATE_PBX_OPERATIONS)[number]>;

/** The body of an admin call of `N`: the operation's parameters, as the PBX client takes them. */
export type AdminOperationBody<N extends AdminOperationName> = PbxOperationParams[N];

/** The data of a successful admin call of `N`: the PBX's answer as the client returns it, secrets removed. */
export type AdminOperationAnswer<N extends AdminOperationName> = PbxOperationAnswers[N];

/** The REST path of admin operation `name`: one path per operation, named as the PBX names it. */
export const adminOperationPath = (name: AdminOperationName): `/api/pbx/${AdminOperationName}` =>
  `/api/pbx/${name}`;
