// The Finnish catalog: the same domains as ../en/index.ts.
import type { Catalog } from '../catalog.ts';
import type { en } from '../en/index.ts';
import { a11y } from './a11y.ts';
import { accounts } from './accounts.ts';
import { app } from './app.ts';
import { backups } from './backups.ts';
import { bulkActions } from './bulk-actions.ts';
import { common } from './common.ts';
import { dialogs } from './dialogs.ts';
import { editor } from './editor.ts';
import { errors } from './errors.ts';
import { fields } from './fields.ts';
import { grid } from './grid.ts';
import { guide } from './guide.ts';
import { mappings } from './mappings.ts';
import { navigation } from './navigation.ts';
import { offers } from './offers.ts';
import { photos } from './photos.ts';
import { questions } from './questions.ts';
import { sales } from './sales.ts';
import { sync } from './sync.ts';
import { rules } from './rules.ts';
import { research } from './research.ts';
import { templates } from './templates.ts';

export const fi: Catalog<typeof en> = { ...a11y, ...accounts, ...app, ...backups, ...bulkActions, ...common, ...dialogs, ...editor, ...errors, ...fields, ...grid, ...guide, ...mappings, ...navigation, ...offers, ...photos, ...questions, ...sales, ...sync, ...templates, ...rules, ...research };
