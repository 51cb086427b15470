// The Finnish catalog: the same domains as ../en/index.ts.
import type { Catalog } from '../catalog.ts';
import type { en } from '../en/index.ts';
import { common } from './common.ts';
import { fields } from './fields.ts';
import { navigation } from './navigation.ts';
import { templates } from './templates.ts';

export const fi: Catalog<typeof en> = { ...common, ...fields, ...navigation, ...templates };
