// The Actions menu's entry for the staggered schedule: on the first screen, while the dialog
// itself (schedule-dialog.tsx) loads when first opened.
import type { ExtraMenuItem } from '../drafts/actions-menu.tsx';
import type { ScheduleStore } from './schedule-store.ts';

/** The Actions menu's entry that opens the dialog on the selection (or the focused row). */
export const scheduleMenu = (store: ScheduleStore): readonly ExtraMenuItem[] => [{ id: 'stagger', label: 'schedule.menu', run: () => store.getState().open() }];
