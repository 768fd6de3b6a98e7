/**
 * The people and the client of the test OpenID Connect provider, shared by the server's tests, the provider itself
 * and the browser tests. No imports, so that the browser tests can read it without loading the provider.
 */

export interface TestSsoAccount {
  /** The provider's stable id for the person, sent as `sub`; deliberately unlike the username. */
  subject: string;
  password: string;
  /** What the provider says about the person besides `sub`. */
  claims: Record<string, unknown>;
}

export const TEST_SSO_ACCOUNTS = {
  sam: {
    subject: 'a81f5c02-sam',
    password: 'sam-sso-password',
    claims: {
      preferred_username: 'sam',
      name: 'Sam Sketcher',
      email: 'sam@studio.test',
      email_verified: true,
      roles: ['user'],
    },
  },
  ada: {
    subject: '3c09d7e4-ada',
    password: 'ada-sso-password',
    claims: {
      preferred_username: 'ada',
      name: 'Ada Admin',
      email: 'ada@studio.test',
      email_verified: true,
      roles: ['admin'],
    },
  },
  /** Has no roles claim at all, and no preferred_username: her username comes from her email. */
  nora: {
    subject: '77b2e9a1-nora',
    password: 'nora-sso-password',
    claims: { name: 'Nora Noroles', email: 'nora@studio.test', email_verified: true },
  },
} satisfies Record<string, TestSsoAccount>;

/** The Autostudio server as a client of the test provider. */
export const TEST_SSO_CLIENT = {
  clientId: 'autostudio',
  clientSecret: 'autostudio-sso-test-secret',
} as const;
