// The Finnish catalog: the same domains as ../en/index.ts.
import type { Catalog } from '../catalog.ts';
import type { en } from '../en/index.ts';
import { bulkActions } from './bulk-actions.ts';
import { common } from './common.ts';
import { fields } from './fields.ts';
import { grid } from './grid.ts';
import { navigation } from './navigation.ts';

export const fi: Catalog<typeof en> = { ...bulkActions, ...common, ...fields, ...grid, ...navigation };
