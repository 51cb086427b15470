// The IPC contract's account, settings and shell methods and events (shared/ipc/contract.ts merges them
// into IPC_METHODS and IPC_EVENTS).
import { z } from 'zod';
import { ListingRules } from '../items/listing-rules.ts';
import { Empty, Ok } from './common.ts';

const AccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The marketplace's address; null for the local drafts, which are on no marketplace. */
  baseUrl: z.string().nullable(),
  active: z.boolean(),
  /** The marketplace user signed in with; the password stays with the shell. */
  username: z.string().nullable(),
  signedIn: z.boolean(),
});

const PreferencesSchema = z.object({
  theme: z.enum(['system', 'light', 'dark']),
  pageSize: z.number().int().min(50).max(1000),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const accountMethods = {
  'settings.get': {
    input: Empty,
    output: z.object({
      /** The seller's cached listing rules, null before the first pull. */
      itemRules: ListingRules.nullable(),
      preferences: PreferencesSchema,
    }),
  },
  'settings.setPreferences': { input: PreferencesSchema.partial(), output: PreferencesSchema },
  'accounts.list': { input: Empty, output: z.array(AccountSchema) },
  'accounts.add': {
    input: z.object({ name: z.string().trim().min(1).max(100), baseUrl: z.url({ protocol: /^https?$/ }).max(500) }),
    output: AccountSchema,
  },
  'accounts.switch': { input: z.object({ id: z.string().max(100) }), output: AccountSchema },
  /** Stores the password with the shell after the marketplace accepted it; the sync starts. */
  'accounts.signIn': {
    input: z.object({ id: z.string().max(100), username: z.string().trim().min(1).max(100), password: z.string().min(1).max(500) }),
    output: AccountSchema,
  },
  /** Only https: URLs, opened in the system browser (Electron); web mode reports it. */
  'shell.openExternal': { input: z.object({ url: z.url({ protocol: /^https$/ }).max(2000) }), output: Ok },
  /**
   * A desktop notification, worded by the renderer in the seller's language (what a sync found
   * new); the desktop shell shows it and brings the window forward on a click. Web mode's page
   * notifies through the browser instead, so there it shows nothing.
   */
  'shell.notify': { input: z.object({ title: z.string().min(1).max(300), body: z.string().max(2000) }), output: Ok },
} as const;

export const accountEvents = {
  'accounts.switched': AccountSchema,
  /** Accounts were added outside the Accounts screen (an import): the screens list them again. */
  'accounts.changed': z.object({ accountIds: z.array(z.string()) }),
  /**
   * The core's process stopped (a crash, or killed) and was started again: calls that were in
   * flight answered 'core-restarted' (try again); every change answered before is kept.
   */
  'core.restarted': z.object({ restarts: z.number().int().min(1) }),
} as const;
