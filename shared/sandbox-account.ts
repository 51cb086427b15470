// The embedded sandbox marketplace's account: its id in the app's registry, shared by the shell
// that registers it (electron/sandbox/) and the renderer, which names it in the screen's language.
export const SANDBOX_ACCOUNT_ID = 'sandbox';
