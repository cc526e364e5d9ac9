/**
 * TLS settings for a PBX reached over https/wss. On-site PBXs often present a self-signed certificate:
 * trust it by giving its CA (preferred), or, as a last resort, turn verification off.
 */
export interface PbxTlsOptions {
  /** PEM text of the CA (or the PBX's own certificate) to trust in addition to the system store. */
  ca?: string;
  /** Verify the PBX's certificate (default true). `false` accepts any certificate: avoid outside labs. */
  rejectUnauthorized?: boolean;
}

/** The options Node's https and ws take for these settings; empty when nothing is set. */
export function tlsSocketOptions(tls: PbxTlsOptions | undefined): {
  ca?: string;
  rejectUnauthorized?: boolean;
} {
  return {
    ...(tls?.ca !== undefined ? { ca: tls.ca } : {}),
    ...(tls?.rejectUnauthorized !== undefined ? { rejectUnauthorized: tls.rejectUnauthorized } : {}),
  };
}
