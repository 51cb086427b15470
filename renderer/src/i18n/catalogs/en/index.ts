// The English catalog: every domain's messages in one map. Add a domain: its file here and in
// ../fi/index.ts (the Finnish one is typed against this, so a missing key fails the typecheck).
import { common } from './common.ts';
import { fields } from './fields.ts';
import { navigation } from './navigation.ts';
import { templates } from './templates.ts';

export const en = { ...common, ...fields, ...navigation, ...templates } as const;
