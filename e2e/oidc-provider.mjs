// Starts the test OpenID Connect provider for one end-to-end run: the same provider and people as the server's
// tests (apps/server/src/test/oidc-test-provider.ts), from the built server.
import { startTestOidcProvider } from '@autostudio/server/testing/oidc-provider';

const port = Number(process.env.OIDC_PORT);
const redirectUri = process.env.OIDC_REDIRECT_URI;
if (!port || !redirectUri) throw new Error('OIDC_PORT and OIDC_REDIRECT_URI must be set');
const provider = await startTestOidcProvider({ port, redirectUris: [redirectUri] });
process.stdout.write(`Test OpenID Connect provider at ${provider.issuer}\n`);
