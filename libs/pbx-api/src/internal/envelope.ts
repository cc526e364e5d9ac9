/** The envelope every PBX answer carries, plus whatever fields the operation adds (docs/pbx/errors-and-formats.md). */
export interface PbxEnvelope {
  errcode: number;
  errmsg: string;
  [field: string]: unknown;
}
