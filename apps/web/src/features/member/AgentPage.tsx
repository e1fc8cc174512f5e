import { Button, Input, List, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { AgentStatus } from '@bp/contract';
import { useFormCall } from '../../shared/api/use-form-call.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { FieldError } from '../../shared/ui/Field.tsx';
import { copyText } from '../../shared/ui/copy.ts';
import { formatDateTime } from '../../shared/ui/format.ts';
import { AGENT_STATUS_KEY, agentApi, useAgentContacts, useAgentStatus } from './api.ts';
import './member.css';

/** The agent centre: an agent's invite link and the members it brought; otherwise the application, and the agent team's contacts. */
export function AgentPage() {
  const { t } = useTranslation();
  const { data: status } = useAgentStatus();
  return (
    <div className="bp-page">
      <PageHeader title={t('member.menu.agent')} fallback="/app/member" />
      <div className="bp-page-body">
        {status?.isAgent ? <AgentCard status={status} /> : null}
        {status && !status.isAgent && status.application?.status === 'pending' ? (
          <div className="bp-card bp-agent-pending">
            <strong>{t('member.agent.pending')}</strong>
            <span className="bp-muted">{t('member.agent.pendingSince', { at: formatDateTime(status.application.createdAt) })}</span>
          </div>
        ) : null}
        {status && !status.isAgent && status.application?.status !== 'pending' ? <JoinForm rejected={status.application?.status === 'rejected'} /> : null}
        <Contacts />
      </div>
    </div>
  );
}

function AgentCard({ status }: { status: AgentStatus }) {
  const { t } = useTranslation();
  const link = `${location.origin}/app/home?i_code=${status.inviteCode}`;
  const copy = async (text: string) => (await copyText(text)) && Toast.show({ content: t('common.copied') });
  return (
    <div className="bp-card bp-agent">
      <div className="bp-agent-count">
        <span className="bp-muted">{t('member.agent.referrals')}</span>
        <strong className="bp-gold-text">{status.referrals ?? 0}</strong>
      </div>
      <List>
        <List.Item
          extra={
            <button className="bp-header-action" onClick={() => void copy(status.inviteCode)}>
              {t('common.copy')}
            </button>
          }
          description={status.inviteCode}
        >
          {t('member.inviteCode')}
        </List.Item>
        <List.Item
          extra={
            <button className="bp-header-action" onClick={() => void copy(link)}>
              {t('common.copy')}
            </button>
          }
          description={<span className="bp-agent-link">{link}</span>}
        >
          {t('member.agent.link')}
        </List.Item>
      </List>
    </div>
  );
}

function JoinForm({ rejected }: { rejected: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [contact, setContact] = useState('');
  const [note, setNote] = useState('');
  const { error, setError, busy, run } = useFormCall();
  const submit = () => {
    if (contact.trim().length < 2) return setError(t('member.agent.contactRule'));
    void run(async () => {
      queryClient.setQueryData(AGENT_STATUS_KEY, await agentApi.join(contact.trim(), note.trim()));
      Toast.show({ icon: 'success', content: t('member.agent.sent') });
    });
  };
  const typed = (value: string) => {
    setContact(value);
    setError('');
  };
  return (
    <>
      <div className="bp-section-title">{t('member.agent.join')}</div>
      <div className="bp-card">
        <p className="bp-muted bp-contact-intro">{rejected ? t('member.agent.rejected') : t('member.agent.intro')}</p>
        <Input value={contact} onChange={typed} placeholder={t('member.agent.contact')} maxLength={64} className="bp-boxed-input" />
        <TextArea
          value={note}
          onChange={setNote}
          placeholder={t('member.agent.note')}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 4 }}
          className="bp-boxed-input bp-agent-note"
        />
        <FieldError text={error} />
        <Button block color="primary" shape="rounded" loading={busy} onClick={submit}>
          {t('member.agent.apply')}
        </Button>
      </div>
    </>
  );
}

function Contacts() {
  const { t } = useTranslation();
  const { data } = useAgentContacts();
  if (!data?.channels.length) return null;
  return (
    <>
      <div className="bp-section-title">{t('member.agent.contactUs')}</div>
      <List className="bp-card bp-agent-contacts">
        {data.channels.map((c) => (
          <List.Item key={`${c.kind}:${c.value}`} extra={c.value}>
            {c.kind}
          </List.Item>
        ))}
      </List>
    </>
  );
}
