// The app shell's word when the core's process stopped and was started again (issue 19): what was
// saved is kept; what the seller was doing at that moment answered 'core-restarted' and may be
// tried again. The grid reloads its page (nothing is lost, but a write in flight may have landed).
import { useEffect, useState } from 'react';
import { bridge } from '../bridge.ts';
import { useT } from '../i18n/intl.ts';
import { draftsStore } from '../stores/app-stores.ts';

export function CoreRestartNotice() {
  const t = useT();
  const [restarted, setRestarted] = useState(false);
  useEffect(() => bridge.on('core.restarted', () => {
    setRestarted(true);
    void draftsStore.getState().reload();
  }), []);
  if (!restarted) return null;
  return (
    <div className="notice warning core-restarted" role="status">
      <span>{t('app.coreRestarted')}</span>
      <button type="button" aria-label={t('common.dismiss')} onClick={() => setRestarted(false)}>✕</button>
    </div>
  );
}
