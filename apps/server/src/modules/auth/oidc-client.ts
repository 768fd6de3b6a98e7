import * as oidc from 'openid-client';
import type { SsoConfig } from '../../config.js';
import type { Claims } from './sso-claims.js';

/** The profile, name and email claims are what an account is made from; roles usually ride along with them. */
const SCOPE = 'openid profile email';

/** What one sign-in must prove on its way back: it is the same browser (state, PKCE) and a fresh ID token (nonce). */
export interface LoginChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The relying-party side of OpenID Connect: discovery, the authorization request and the code exchange. */
export class OidcClient {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly settings: SsoConfig,
    /** Where the provider sends the browser back; registered with the provider as the client's redirect URI. */
    private readonly redirectUri: string,
  ) {}

  /** openid-client refuses plain HTTP; an http:// issuer (a provider on this machine, in tests) has to opt in. */
  private get usesHttp(): boolean {
    return new URL(this.settings.issuer).protocol === 'http:';
  }

  /** True when codes and tokens would travel unencrypted to another machine: worth a warning at start. */
  get crossesNetworkInClear(): boolean {
    return this.usesHttp && !['localhost', '127.0.0.1', '[::1]'].includes(new URL(this.settings.issuer).hostname);
  }

  /** Discovers the provider on first use, so the server starts while the provider is down and tries again later. */
  private discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    this.configuration ??= oidc
      .discovery(
        new URL(issuer),
        clientId,
        undefined,
        // client_secret_basic is the OpenID Connect default for clients registered with a secret.
        clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
        {
          // Marked deprecated only so that it stands out: plain HTTP is allowed for an http:// issuer and no other.
          // eslint-disable-next-line @typescript-eslint/no-deprecated
          execute: this.usesHttp ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        },
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  /** The provider's sign-in page for a new login, with the checks its answer must pass. */
  async authorizationRequest(): Promise<{ url: URL; checks: LoginChecks }> {
    const configuration = await this.discover();
    const checks: LoginChecks = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, checks };
  }

  /**
   * Checks the provider's answer (`search` is the callback's query string), exchanges the code and returns the
   * provider's canonical issuer with the verified claims: the ID token's, completed by the userinfo endpoint where
   * there is one (many providers keep profile claims out of the ID token).
   */
  async exchange(search: string, checks: LoginChecks): Promise<{ issuer: string; claims: Claims }> {
    const configuration = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(configuration, new URL(`${this.redirectUri}${search}`), {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('the provider returned no ID token');
    const metadata = configuration.serverMetadata();
    const userInfo = metadata.userinfo_endpoint
      ? await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
      : {};
    return { issuer: metadata.issuer, claims: { ...idToken, ...userInfo } };
  }
}
