import { Badge, Button, Dialog, ErrorBlock, SwipeAction, Toast } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@bp/contract';
import { useAction } from '../../shared/api/use-action.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { PagedList } from '../../shared/ui/PagedList.tsx';
import { formatDateTime } from '../../shared/ui/format.ts';
import { MESSAGES_KEY, messageApi, useMessage, useMessages, useUnreadMessages } from './api.ts';
import './member.css';

/** A change to the messages (read, pinned, deleted): the list and the unread count are read again. */
function useMessageAction() {
  const { t } = useTranslation();
  const { run } = useAction((work: () => Promise<unknown>) => work().then(() => true), {
    refused: (err) => Toast.show({ content: err.message }),
    invalidates: [MESSAGES_KEY],
  });
  /** Whether the change was made. */
  const act = async (work: () => Promise<unknown>): Promise<boolean> => (await run(work)) === true;
  const remove = async (id: number) =>
    (await Dialog.confirm({ content: t('member.messages.deleteAsk'), cancelText: t('common.cancel'), confirmText: t('common.delete') })) &&
    act(() => messageApi.remove(id));
  const pin = (m: MessageItem) => act(() => messageApi.pin(m.id, !m.sticky));
  return { act, remove, pin };
}

/** The member's messages: pinned first, unread marked; swipe a message to pin or delete it, or mark all read. */
export function MessagesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useMessages();
  const unread = useUnreadMessages().data?.unread ?? 0;
  const { act, remove, pin } = useMessageAction();

  const render = (m: MessageItem) => (
    <SwipeAction
      rightActions={[
        { key: 'pin', text: m.sticky ? t('member.messages.unpin') : t('member.messages.pin'), color: 'warning', onClick: () => void pin(m) },
        { key: 'delete', text: t('common.delete'), color: 'danger', onClick: () => void remove(m.id) },
      ]}
    >
      <button className={`bp-message${m.read ? '' : ' is-unread'}`} data-message={m.id} onClick={() => navigate(`/app/member/messages/${m.id}`)}>
        <span className="bp-message-head">
          {m.sticky ? <span className="bp-message-pin">{t('member.messages.pinned')}</span> : null}
          <strong>{m.title}</strong>
          {m.read ? null : <Badge content={Badge.dot} className="bp-message-dot" />}
        </span>
        <span className="bp-muted bp-message-snippet">{m.content}</span>
        <span className="bp-muted bp-small">{formatDateTime(m.createdAt)}</span>
      </button>
    </SwipeAction>
  );

  return (
    <div className="bp-page">
      <PageHeader
        title={t('member.menu.messages')}
        fallback="/app/member"
        right={
          unread > 0 ? (
            <button className="bp-header-action" onClick={() => void act(messageApi.readAll)}>
              {t('member.messages.readAll')}
            </button>
          ) : null
        }
      />
      <div className="bp-page-body">
        <div className="bp-card bp-messages">
          <PagedList query={query} render={render} itemKey={(m) => m.id} empty={t('member.messages.empty')} />
        </div>
      </div>
    </div>
  );
}

/** One message, read in full (and so marked read), with its pin and delete. */
export function MessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const message = useMessage(id);
  const { remove, pin } = useMessageAction();
  const m = message.data;
  return (
    <div className="bp-page">
      <PageHeader title={t('member.menu.messages')} fallback="/app/member/messages" />
      <div className="bp-page-body">
        {message.isError ? <ErrorBlock status="empty" title={(message.error as Error).message} description="" className="bp-empty" /> : null}
        {m ? (
          <article className="bp-card bp-message-full">
            <h2>{m.title}</h2>
            <span className="bp-muted bp-small">{formatDateTime(m.createdAt)}</span>
            <p>{m.content}</p>
            <div className="bp-message-actions">
              <Button
                shape="rounded"
                onClick={async () => {
                  if (await pin(m)) await message.refetch();
                }}
              >
                {m.sticky ? t('member.messages.unpin') : t('member.messages.pin')}
              </Button>
              <Button
                shape="rounded"
                color="danger"
                fill="outline"
                onClick={async () => {
                  if (await remove(m.id)) navigate('/app/member/messages', { replace: true });
                }}
              >
                {t('common.delete')}
              </Button>
            </div>
          </article>
        ) : null}
      </div>
    </div>
  );
}
