// The English catalog: every domain's messages in one map. Add a domain: its file here and in
// ../fi/index.ts (the Finnish one is typed against this, so a missing key fails the typecheck).
import { bulkActions } from './bulk-actions.ts';
import { common } from './common.ts';
import { fields } from './fields.ts';
import { grid } from './grid.ts';
import { navigation } from './navigation.ts';

export const en = { ...bulkActions, ...common, ...fields, ...grid, ...navigation } as const;
