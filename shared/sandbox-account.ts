// The embedded sandbox marketplace's account: its id in the app's registry, shared by the shell
// that registers it (electron/sandbox/) and the renderer, which names it in the screen's language.
export const SANDBOX_ACCOUNT_ID = 'sandbox';
/** The name the registry stores for it (in English; the screens name it in their language), also on a copy imported on another computer. */
export const sandboxAccountName = (user: string): string => `Sandbox marketplace (${user})`;
