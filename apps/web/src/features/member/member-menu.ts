import { isBuiltPath } from '../../shared/routing/built-paths.ts';

/**
 * The personal centre's menu (seed 2: wallet, VIP, messages, help and agent pages beneath it).
 * An entry shows only once its page is built, so the wallet, VIP, messages, help and agent screens
 * appear here by themselves when their areas join the router.
 */
export interface MenuEntry {
  key: string;
  path: string;
  /** i18n key of the label. */
  title: string;
  /** On a visitor's personal centre: 'open' to visitors, or 'login' (shown, and asks to log in first). */
  visitor?: 'open' | 'login';
}

export const MEMBER_MENU: readonly MenuEntry[] = [
  { key: 'wallet', path: '/app/wallet', title: 'member.menu.wallet', visitor: 'login' },
  { key: 'bets', path: '/app/sports/records', title: 'member.menu.bets', visitor: 'login' },
  { key: 'gameRecords', path: '/app/casino/records', title: 'member.menu.gameRecords', visitor: 'login' },
  { key: 'vip', path: '/app/vip', title: 'member.menu.vip' },
  { key: 'messages', path: '/app/member/messages', title: 'member.menu.messages', visitor: 'login' },
  { key: 'help', path: '/app/member/help', title: 'member.menu.help', visitor: 'open' },
  { key: 'agent', path: '/app/member/agent', title: 'member.menu.agent', visitor: 'login' },
  { key: 'profile', path: '/app/member/profile', title: 'member.menu.profile' },
  { key: 'phone', path: '/app/member/phone', title: 'member.menu.phone' },
  { key: 'email', path: '/app/member/email', title: 'member.menu.email' },
  { key: 'password', path: '/app/member/password', title: 'member.menu.password' },
  { key: 'logoutSetup', path: '/app/member/logout-setup', title: 'member.menu.logoutSetup' },
  { key: 'theme', path: '/app/member/theme', title: 'member.menu.theme', visitor: 'open' },
  { key: 'cs', path: '/cs', title: 'member.menu.cs', visitor: 'open' },
];

export const builtMenu = (entries: readonly MenuEntry[] = MEMBER_MENU): MenuEntry[] => entries.filter((e) => isBuiltPath(e.path));

/** What a visitor's personal centre lists: the pages open to visitors, and those worth logging in for. */
export const visitorMenu = (): MenuEntry[] => builtMenu().filter((e) => e.visitor);

/** Shortcuts under the personal centre's balance, to the wallet's screens; shown once they are built. */
export const WALLET_SHORTCUTS: readonly MenuEntry[] = [
  { key: 'deposit', path: '/app/wallet/deposit', title: 'walletPages.deposit' },
  { key: 'withdraw', path: '/app/wallet/withdraw', title: 'walletPages.withdraw' },
  { key: 'transfer', path: '/app/wallet', title: 'walletPages.transfer' },
  { key: 'records', path: '/app/wallet/records', title: 'walletPages.records' },
];
