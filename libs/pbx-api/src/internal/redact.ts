const SECRET_KEYS = 'access_token|refresh_token|password|client_secret';
// `access_token=abc` in a URL or form body.
const IN_QUERY = new RegExp(`\\b(${SECRET_KEYS})=([^&\\s"'#]+)`, 'gi');
// `"access_token": "abc"` in JSON text.
const IN_JSON = new RegExp(`("(?:${SECRET_KEYS})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');

/**
 * Replaces credentials in URLs, JSON text and free text so nothing secret reaches a log line or an
 * error message. `secrets` are exact values to blank wherever they appear (shorter than 4 characters
 * they are left alone: blanking them would shred ordinary words).
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text.replace(IN_QUERY, '$1=[redacted]').replace(IN_JSON, '$1"[redacted]"');
  for (const secret of secrets) {
    if (secret !== undefined && secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}
