import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-serializers.js';

describe('request URLs in the logs', () => {
  it('hide the tokens that single sign-on returns to /login', () => {
    expect(redactUrl('/login?token=eyJ.a.b&refresh_token=r3fr3sh')).toBe(
      '/login?token=redacted&refresh_token=redacted',
    );
  });

  it("hide the provider's code and state on the callback but keep the rest", () => {
    expect(redactUrl('/api/auth/sso/callback?code=abc&state=xyz&iss=https%3A%2F%2Fid.example.com')).toBe(
      '/api/auth/sso/callback?code=redacted&state=redacted&iss=https%3A%2F%2Fid.example.com',
    );
  });

  it('leave other URLs exactly as they were', () => {
    expect(redactUrl('/api/users?search=a%20b&page=2')).toBe('/api/users?search=a%20b&page=2');
    expect(redactUrl('/login')).toBe('/login');
  });
});
