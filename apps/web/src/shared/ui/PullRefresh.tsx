import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Pull down at the top of a list to read it again (the mainland sites' gesture): `refresh` is the
 * list's queries read again; the pull ends when their answers are in.
 */
export function PullRefresh({ refresh, children }: { refresh(): Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      // Given, so the component does not measure them: it measures on every render, each time
      // forcing the page's layout (antd-mobile's defaults, 40 and 60 px).
      headHeight={40}
      threshold={60}
      onRefresh={async () => void (await refresh())}
      pullingText={t('common.pull.pulling')}
      canReleaseText={t('common.pull.release')}
      refreshingText={t('common.pull.refreshing')}
      completeText={t('common.pull.done')}
    >
      {children}
    </PullToRefresh>
  );
}
