/**
 * Where to go after sign-in: only a path of this app (never another site: `//evil.example` or
 * `https://...` would make the login page an open redirect).
 */
export function safeRedirect(value: unknown, fallback: string): string {
  const target = Array.isArray(value) ? value[0] : value;
  if (
    typeof target !== 'string' ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.startsWith('/\\')
  )
    return fallback;
  return target;
}
