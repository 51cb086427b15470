// The Finnish catalog: the same domains as ../en/index.ts.
import type { Catalog } from '../catalog.ts';
import type { en } from '../en/index.ts';
import { common } from './common.ts';
import { editor } from './editor.ts';
import { fields } from './fields.ts';
import { grid } from './grid.ts';
import { navigation } from './navigation.ts';
import { offers } from './offers.ts';
import { questions } from './questions.ts';
import { sales } from './sales.ts';

export const fi: Catalog<typeof en> = { ...common, ...fields, ...grid, ...navigation, ...questions, ...offers, ...sales, ...editor };
