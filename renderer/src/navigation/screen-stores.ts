// The seller screens' store instances, bound to the one bridge (like stores/app-stores.ts).
import { createAccountsStore } from '../accounts/accounts-store.ts';
import { backupFiles } from '../backups/backup-files.ts';
import { createBackupsStore } from '../backups/backups-store.ts';
import { bridge } from '../bridge.ts';
import { createOffersStore } from '../offers/offers-store.ts';
import { createCannedEditor } from '../questions/canned-editor-store.ts';
import { createQuestionsStore } from '../questions/questions-store.ts';
import { createRulesStore } from '../rules/rules-store.ts';
import { createSalesStore } from '../sales/sales-store.ts';
import { createSyncProblemsStore } from '../sync-panel/sync-problems-store.ts';

export const questionsStore = createQuestionsStore(bridge);
export const cannedEditor = createCannedEditor(bridge, questionsStore);
export const offersStore = createOffersStore(bridge);
export const salesStore = createSalesStore(bridge);
export const syncProblemsStore = createSyncProblemsStore(bridge);
export const accountsStore = createAccountsStore(bridge);
export const backupsStore = createBackupsStore(bridge, backupFiles);
export const rulesStore = createRulesStore(bridge);
