// The English catalog: every domain's messages in one map. Add a domain: its file here and in
// ../fi/index.ts (the Finnish one is typed against this, so a missing key fails the typecheck).
import { common } from './common.ts';
import { editor } from './editor.ts';
import { fields } from './fields.ts';
import { grid } from './grid.ts';
import { navigation } from './navigation.ts';
import { offers } from './offers.ts';
import { questions } from './questions.ts';
import { sales } from './sales.ts';

export const en = { ...common, ...fields, ...grid, ...navigation, ...questions, ...offers, ...sales, ...editor } as const;
