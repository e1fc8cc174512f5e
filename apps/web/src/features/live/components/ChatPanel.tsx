import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionSheet, Button, Input, Toast } from 'antd-mobile';
import { CHAT_CONTENT_MAX, CHAT_ROOM_STATUS, newNonce, type ChatMessage, type ChatStatus } from '@bp/contract';
import { usePerInfo } from '../../../shared/site/site-info.ts';
import { session } from '../../../shared/session/session.ts';
import { useLoggedIn } from '../../../shared/session/use-session.ts';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { showLoginReminder } from '../../../shared/session/login-required.tsx';
import { liveApi } from '../api.ts';
import { chatView } from '../model/chat-log.ts';
import { useChatRoom, type ChatRoomEvents } from '../hooks/use-chat-room.ts';
import { ChatLine, OrderCardView, speaker } from './ChatLine.tsx';
import { ShareOrderSheet } from './ShareOrderSheet.tsx';
import { ModeratorBar } from './ModeratorBar.tsx';
import { showRefusal } from './refusal.ts';

/** The member's variant of the status adds side, mute and role. */
export type RoomStatus = ChatStatus & { side?: 'low' | 'high'; moderator?: boolean };

const MUTE_MINUTES = [10, 60, 1440] as const;

/**
 * A chat room (seed 3, 4, 6): its lines after the seed's filters with the big win pinned on top,
 * and the input (a visitor is asked to log in). A moderator taps a member's line to mute the
 * member or delete the line, and has the muted list and the room's setup.
 */
export function ChatPanel({ status, events, tools }: { status: RoomStatus; events?: ChatRoomEvents; tools?: ReactNode }) {
  const { t } = useTranslation();
  const member = useLoggedIn();
  const { chatRoomNo } = status;
  const { log, setup, failure, loaded } = useChatRoom(chatRoomNo, member, events);
  const { money } = useCurrency();
  const siteId = usePerInfo().data?.siteId ?? 0;
  const { lines, pinned } = chatView(log, { siteId, venueName: status.venueName, side: status.side ?? 'low' });
  const open = (setup?.status ?? status.status) === CHAT_ROOM_STATUS.OPEN;
  const list = useRef<HTMLUListElement>(null);
  const last = lines.at(-1)?.id;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);

  const moderate = (m: ChatMessage) => {
    const handler = ActionSheet.show({
      extra: t('live.mod.act', { name: speaker(m) }),
      cancelText: t('common.cancel'),
      actions: [
        ...MUTE_MINUTES.map((minutes) => ({
          key: `mute-${minutes}`,
          text: t('live.mod.mute', { minutes: t(`live.mod.minutes.${minutes}`) }),
          onClick: () => act(() => liveApi.mute(chatRoomNo, m.memberId!, minutes), t('live.mod.muted')),
        })),
        { key: 'remove', text: t('live.mod.remove'), danger: true, onClick: () => act(() => liveApi.remove(chatRoomNo, m.id), t('live.mod.removed')) },
      ],
    });
    const act = (run: () => Promise<unknown>, done: string) => {
      handler.close();
      run().then(() => Toast.show({ content: done }), showRefusal);
    };
  };
  const canModerate = (m: ChatMessage) => status.moderator === true && m.memberId !== null && m.memberId !== session.memberId();

  return (
    <section className="bp-live-chat">
      {status.moderator ? <ModeratorBar chatRoomNo={chatRoomNo} setup={setup} status={status} /> : null}
      {pinned?.order ? (
        <div className="bp-live-pinned" role="status">
          <span>{t('live.bigWin', { name: speaker(pinned), payout: money(pinned.order.payout) })}</span>
          <OrderCardView card={pinned.order} />
        </div>
      ) : null}
      <ul className="bp-live-lines" ref={list} aria-live="polite">
        {lines.length === 0 ? <li className="bp-live-line is-hint">{failure ?? (loaded ? t('live.chatEmpty') : t('live.chatLoading'))}</li> : null}
        {lines.map((m) => (
          <ChatLine key={m.id} message={m} onPress={canModerate(m) ? () => moderate(m) : undefined} />
        ))}
      </ul>
      <ChatInput chatRoomNo={chatRoomNo} member={member} open={open} tools={tools} />
    </section>
  );
}

function ChatInput({ chatRoomNo, member, open, tools }: { chatRoomNo: string; member: boolean; open: boolean; tools?: ReactNode }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sharing, setSharing] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!member) {
    return (
      <div className="bp-live-input">
        <Button block size="small" onClick={() => showLoginReminder(undefined, { stay: true })}>
          {t('live.loginToChat')}
        </Button>
        {tools}
      </div>
    );
  }
  if (!open) return <div className="bp-live-input is-closed">{t('live.chatClosed')}</div>;
  const send = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await liveApi.send(chatRoomNo, text, newNonce());
      setText('');
    } catch (err) {
      showRefusal(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="bp-live-input">
      <button className="bp-live-share" onClick={() => setSharing(true)} aria-label={t('live.order.share')}>
        {t('live.order.share')}
      </button>
      <Input
        value={text}
        onChange={setText}
        maxLength={CHAT_CONTENT_MAX}
        placeholder={t('live.placeholder')}
        onEnterPress={() => void send()}
        enterKeyHint="send"
      />
      <Button size="small" color="primary" loading={busy} onClick={() => void send()}>
        {t('live.send')}
      </Button>
      {tools}
      <ShareOrderSheet chatRoomNo={chatRoomNo} visible={sharing} onClose={() => setSharing(false)} />
    </div>
  );
}
