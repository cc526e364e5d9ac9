/** Fields every successful answer carries. */
export interface PbxSuccess {
  errcode: 0;
  errmsg: string;
}
