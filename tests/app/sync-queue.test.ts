// "Changes waiting" counts what the sync will send: a local draft's changes stay on this computer
// until it is published, and the status bar says so in plain words.
import { describe, expect, it } from 'vitest';
import { queueWords } from '../../renderer/src/sync-panel/queue-words.ts';
import { invokeOk, openTestCore } from '../support/test-core.ts';
import '../support/catalogs-loaded.ts';

describe('the sync status of local drafts', () => {
  it('does not count a local draft as waiting to be sent, and says it is kept here until published', async () => {
    const { bridge } = openTestCore();
    await invokeOk(bridge, 'drafts.create', { fields: { title: 'Kept here' } });
    await invokeOk(bridge, 'drafts.create', { fields: { title: 'Also here' } });
    const status = await invokeOk(bridge, 'sync.status');
    expect(status).toMatchObject({ queueLength: 2, toSend: 0, keptLocal: 2, parked: 0 });
    expect(queueWords(status, 'en')).toBe('Nothing waiting to be sent, 2 local drafts kept here until published');
    expect(queueWords(status, 'fi')).toBe('Ei mitään lähetettävää, 2 paikallista luonnosta pidetään täällä julkaisuun asti');
    expect(queueWords({ ...status, toSend: 1, keptLocal: 0, parked: 1 }, 'en')).toBe('1 change waiting to be sent, 1 needs attention');
  });
});
