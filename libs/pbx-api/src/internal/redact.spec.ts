import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  it('blanks credentials in a query string, whatever the case, keeping the other parameters', () => {
    expect(redactSecrets('GET /openapi/v1.0/queue/list?id=3&access_token=abc123&page=1')).toBe(
      'GET /openapi/v1.0/queue/list?id=3&access_token=[redacted]&page=1',
    );
    expect(redactSecrets('refresh_token=r1 PASSWORD=p@ss client_secret=zz')).toBe(
      'refresh_token=[redacted] PASSWORD=[redacted] client_secret=[redacted]',
    );
  });

  it('blanks credentials in JSON text, escaped quotes included', () => {
    const json = JSON.stringify({
      username: 'app',
      password: 'se"cret',
      refresh_token: 'r-1',
      access_token_expire_time: 1800,
    });
    expect(redactSecrets(json)).toBe(
      '{"username":"app","password":"[redacted]","refresh_token":"[redacted]","access_token_expire_time":1800}',
    );
  });

  it('does not touch look-alike keys', () => {
    expect(redactSecrets('access_token_expire_time=1800 my_password_hint=x')).toBe(
      'access_token_expire_time=1800 my_password_hint=x',
    );
  });

  it('blanks every occurrence of given secret values, skipping short or missing ones', () => {
    expect(redactSecrets('token T0KEN-1 then T0KEN-1 again', ['T0KEN-1', undefined])).toBe(
      'token [redacted] then [redacted] again',
    );
    expect(redactSecrets('a cat sat', ['at'])).toBe('a cat sat');
  });

  it('leaves text without secrets unchanged', () => {
    expect(redactSecrets('connect ECONNREFUSED 127.0.0.1:8088')).toBe('connect ECONNREFUSED 127.0.0.1:8088');
  });
});
