import { useQuery } from '@tanstack/react-query';
import type { ApiBody, IdleLogoutMinutes } from '@bp/contract';
import { call } from '../../shared/api/request.ts';
import { usePaged } from '../../shared/api/use-paged.ts';
import { refreshMemberInfo } from '../../shared/session/member-info.ts';
import { useLoggedIn } from '../../shared/session/use-session.ts';

/** The personal centre's calls (seed 7: member). */
export const memberApi = {
  nickname: (nickname: string) => call('/api/member/nickname', { nickname }, { silent: true }),
  avatars: () => call('/api/member/avatar/list', {}, { cacheMs: 3_600_000 }),
  avatar: (avatarId: string) => call('/api/member/avatar', { avatarId }, { silent: true }),
  /** Needs security verification; every session ends and this device gets the fresh one answered. */
  changePassword: (oldPassword: string, password: string) => call('/api/member/changePassword', { oldPassword, password }, { silent: true }),
  /** Reads the idle-logout choice, or sets it when one is given. */
  logoutSetup: (idleMinutes?: IdleLogoutMinutes) =>
    call('/api/member/logoutSetup', idleMinutes === undefined ? {} : { idleMinutes }, { silent: idleMinutes !== undefined }),
  /** Given once, at least 18 years ago (`YYYY-MM-DD`). */
  birthday: (birthday: string) => call('/api/member/birthday', { birthday }, { silent: true }),
  address: (address: string) => call('/api/member/address', { address }, { silent: true }),
  /** A code to the phone or email the member is binding (scene bind). */
  sendBindCode: ({ contact, ...to }: BindTarget) =>
    call('/api/member/sendCode', { type: contact === 'phone' ? 'sms' : 'email', scene: 'bind', ...to }, { silent: true }),
  bind: ({ contact, ...to }: BindTarget, code: string) =>
    call(contact === 'phone' ? '/api/member/bindPhone' : '/api/member/bindEmail', { ...to, code }, { silent: true }),
};

/** What a member binds to the account: a mobile number or an email. */
export type Contact = 'phone' | 'email';
export type BindTarget =
  ({ contact: 'phone' } & Omit<ApiBody<'/api/member/bindPhone'>, 'code'>) | ({ contact: 'email' } & Omit<ApiBody<'/api/member/bindEmail'>, 'code'>);

/** The site's messages to the member (seed 7: list, read, delete, sticky). */
export const messageApi = {
  page: (page: number) => call('/api/member/message/list', { page, size: MESSAGE_PAGE_SIZE }),
  unread: () => call('/api/member/message/unread', {}),
  /** Opening a message marks it read. */
  open: (id: number) => call('/api/member/message/get', { id }, { silent: true }),
  readAll: () => call('/api/member/message/read', {}),
  remove: (id: number) => call('/api/member/message/delete', { ids: [id] }),
  pin: (id: number, sticky: boolean) => call('/api/member/message/sticky', { id, sticky }),
};
const MESSAGE_PAGE_SIZE = 20;
/** The list and the unread count, read again together after any change. */
export const MESSAGES_KEY = ['member', 'messages'] as const;
export const useMessages = () => usePaged([...MESSAGES_KEY, 'list'], messageApi.page);
export function useUnreadMessages() {
  const loggedIn = useLoggedIn();
  return useQuery({ queryKey: [...MESSAGES_KEY, 'unread'], queryFn: messageApi.unread, enabled: loggedIn, staleTime: 15_000 });
}
/** One message, opened (and so read); its key is outside MESSAGES_KEY, so reading the list again does not open it again. */
export const useMessage = (id: number) => useQuery({ queryKey: ['member', 'message', id], queryFn: () => messageApi.open(id), retry: false });

/** The help centre (seed 7: help categories), for visitors too. */
export const helpApi = {
  categories: () => call('/api/member/help/categories', {}),
  article: (id: number) => call('/api/member/help/article', { id }, { silent: true }),
};
export const useHelp = () => useQuery({ queryKey: ['help', 'categories'], queryFn: helpApi.categories, staleTime: 5 * 60_000 });
export const useHelpArticle = (id: number) =>
  useQuery({ queryKey: ['help', 'article', id], queryFn: () => helpApi.article(id), staleTime: 5 * 60_000, retry: false });

/** The agent pages (seed: isAgent, contactUs, joinUs). */
export const agentApi = {
  status: () => call('/api/member/agent/isAgent', {}),
  contacts: () => call('/api/member/agent/contactUs', {}),
  join: (contact: string, note: string) => call('/api/member/agent/joinUs', { contact, ...(note ? { note } : {}) }, { silent: true }),
};
export const AGENT_STATUS_KEY = ['member', 'agent'] as const;
export const useAgentStatus = () => useQuery({ queryKey: AGENT_STATUS_KEY, queryFn: agentApi.status });
export const useAgentContacts = () => useQuery({ queryKey: ['agent', 'contacts'], queryFn: agentApi.contacts, staleTime: 5 * 60_000 });

export const MEMBER_INFO_KEY = ['member', 'info'] as const;

export function useMemberInfo() {
  const loggedIn = useLoggedIn();
  return useQuery({ queryKey: MEMBER_INFO_KEY, queryFn: refreshMemberInfo, enabled: loggedIn, staleTime: 15_000 });
}

export const useAvatars = () => useQuery({ queryKey: ['member', 'avatars'], queryFn: memberApi.avatars, staleTime: Infinity });
