import {
  BankcardOutline,
  ClockCircleOutline,
  FileOutline,
  GiftOutline,
  HistogramOutline,
  LockOutline,
  MailOpenOutline,
  MailOutline,
  MessageOutline,
  PhonebookOutline,
  QuestionCircleOutline,
  SetOutline,
  TeamOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  wallet: <BankcardOutline />,
  bets: <FileOutline />,
  gameRecords: <HistogramOutline />,
  vip: <GiftOutline />,
  messages: <MailOutline />,
  help: <QuestionCircleOutline />,
  agent: <TeamOutline />,
  profile: <UserOutline />,
  phone: <PhonebookOutline />,
  email: <MailOpenOutline />,
  password: <LockOutline />,
  logoutSetup: <ClockCircleOutline />,
  theme: <SetOutline />,
  cs: <MessageOutline />,
};

export function MenuIcon({ name }: { name: string }) {
  return <span className="bp-menu-icon">{ICONS[name] ?? <SetOutline />}</span>;
}
