// Whether a marketplace takes a user name and password, asked before the app stores the password:
// a sign-in whose token is revoked at once (it only proved the password; left live it would be a
// credential for an hour). The adapter's answer in the app's words: refused with the
// marketplace's reason, or taken.
import { ApiError } from './api-error.ts';
import { createApiClient } from './client.ts';
import { memoryCredentialStore } from './session.ts';

export type SignInCheck = { taken: true } | { taken: false; reason: string };

export async function checkSignIn(marketplaceUrl: string, username: string, password: string): Promise<SignInCheck> {
  const client = createApiClient({ baseUrl: marketplaceUrl, credentials: memoryCredentialStore({ username, password }) });
  try {
    await client.login();
  } catch (error) {
    return { taken: false, reason: error instanceof ApiError ? error.message : String(error) };
  }
  void client.logout().catch(() => undefined);
  return { taken: true };
}
