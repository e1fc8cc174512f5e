import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, List, Popup, Selector, Switch, Toast } from 'antd-mobile';
import { CHAT_ROOM_STATUS, type ChatRoomSetup, type ChatStatus } from '@bp/contract';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { liveApi, liveKeys } from '../api.ts';
import { showRefusal } from './refusal.ts';

const SLOW_MODES = [0, 5, 30, 60] as const;

/** A moderator's tools above the chat (seed 6): the muted list with 解除, and the room's setup. */
export function ModeratorBar({ chatRoomNo, setup, status }: { chatRoomNo: string; setup: ChatRoomSetup | null; status: ChatStatus }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<'muted' | 'setup' | null>(null);
  const close = () => setSheet(null);
  return (
    <div className="bp-live-mod">
      <span>{t('live.mod.title')}</span>
      <button onClick={() => setSheet('muted')}>{t('live.mod.mutedList')}</button>
      <button onClick={() => setSheet('setup')}>{t('live.mod.setup')}</button>
      <Popup visible={sheet !== null} onMaskClick={close} onClose={close} bodyClassName="bp-live-sheet" destroyOnClose>
        {sheet === 'muted' ? <MutedList chatRoomNo={chatRoomNo} /> : null}
        {sheet === 'setup' ? <RoomSetup chatRoomNo={chatRoomNo} initial={setup ?? status} /> : null}
      </Popup>
    </div>
  );
}

function MutedList({ chatRoomNo }: { chatRoomNo: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const muted = useQuery({ queryKey: liveKeys.muted(chatRoomNo), queryFn: () => liveApi.muted(chatRoomNo) });
  const unblock = (memberId: number) =>
    liveApi.unblock(chatRoomNo, memberId).then(() => {
      Toast.show({ content: t('live.mod.unblocked') });
      void queryClient.invalidateQueries({ queryKey: liveKeys.muted(chatRoomNo) });
    }, showRefusal);
  const list = muted.data?.list ?? [];
  return (
    <>
      <h3 className="bp-live-sheet-title">{t('live.mod.mutedList')}</h3>
      {muted.isSuccess && list.length === 0 ? <p className="bp-live-sheet-empty">{t('live.mod.mutedNone')}</p> : null}
      <List>
        {list.map((m) => (
          <List.Item
            key={m.memberId}
            description={t('live.mod.until', { time: formatDateTime(m.until) })}
            extra={
              <Button size="mini" onClick={() => void unblock(m.memberId)}>
                {t('live.mod.unblock')}
              </Button>
            }
          >
            {m.username}
          </List.Item>
        ))}
      </List>
    </>
  );
}

type Setup = Pick<ChatRoomSetup, 'status' | 'slowModeSec' | 'membersOnly'>;

/** Open or closed, slow mode and members-only; each change is saved at once. */
function RoomSetup({ chatRoomNo, initial }: { chatRoomNo: string; initial: Setup }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup>(initial);
  const save = (change: { status?: 0 | 1; slowModeSec?: number; membersOnly?: boolean }) =>
    liveApi.setup(chatRoomNo, change).then((saved) => {
      setSetup(saved);
      Toast.show({ content: t('live.mod.saved') });
    }, showRefusal);
  return (
    <>
      <h3 className="bp-live-sheet-title">{t('live.mod.setup')}</h3>
      <List>
        <List.Item
          extra={
            <Switch
              checked={setup.status === CHAT_ROOM_STATUS.OPEN}
              onChange={(on) => void save({ status: on ? CHAT_ROOM_STATUS.OPEN : CHAT_ROOM_STATUS.CLOSED })}
            />
          }
        >
          {t('live.mod.open')}
        </List.Item>
        <List.Item extra={<Switch checked={setup.membersOnly} onChange={(on) => void save({ membersOnly: on })} />}>{t('live.mod.membersOnly')}</List.Item>
        <List.Item title={t('live.mod.slowMode')}>
          <Selector
            columns={4}
            value={[setup.slowModeSec]}
            options={SLOW_MODES.map((sec) => ({ value: sec, label: sec === 0 ? t('live.mod.slowOff') : t('live.mod.seconds', { sec }) }))}
            onChange={(v) => v.length > 0 && void save({ slowModeSec: v[0] })}
          />
        </List.Item>
      </List>
    </>
  );
}
