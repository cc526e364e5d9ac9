/** Replaces token values in URLs and free text so nothing secret reaches a log line or an error message. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(/(access_token|refresh_token|password)=([^&\s"']+)/gi, '$1=[redacted]');
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}
