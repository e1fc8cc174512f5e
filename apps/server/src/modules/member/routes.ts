import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MemoryCache, derivedOnce, memberTag, scopeOf } from '../../platform/cache.ts';
import { andThen, type Now } from '../../platform/now.ts';
import { MemberInfo } from '@bp/contract';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { getMember } from '../auth/index.ts';
import { payoutAccounts } from '../wallet/index.ts';
import { gradeName } from './grades.ts';
import { DEFAULT_AVATAR, avatarList, avatarUrl } from './avatars.ts';
import { bindRealName, setAddress, setAvatar, setBirthday, setNickname } from './profile.ts';

/** `currency` is the requesting site's; filled in per request. */
type Profile = z.input<typeof MemberInfo>;
/** The profile as member/info shows it, kept briefly: it is read far more often than it changes. */
const profiles = new MemoryCache<Profile>(10_000);

/** The member's profile, without a promise while it is warm. */
function profileOf(db: Deps['db'], memberId: number): Now<Profile> {
  const key = `${scopeOf(db)}:${memberId}`;
  return profiles.get(key) ?? loadProfile(db, memberId, key);
}

async function loadProfile(db: Deps['db'], memberId: number, key: string): Promise<Profile> {
  const m = await getMember(db, memberId);
  if (!m) return fail('AUTH_INVALID', { httpStatus: 401 });
  const avatarId = m.avatar || DEFAULT_AVATAR;
  const payout = await payoutAccounts(db, m.memberId);
  const profile: Profile = {
    memberId: m.memberId,
    name: m.name,
    nickname: m.nickname,
    avatar: avatarUrl(avatarId),
    avatarId,
    vipLevel: m.vipLevel,
    grade: gradeName(m.vipLevel),
    currency: '',
    siteId: m.siteId,
    phone: m.phone,
    areaCode: m.areaCode,
    email: m.email,
    realName: m.realName,
    birthday: m.birthday,
    address: m.address,
    inviteCode: m.ownInviteCode,
    mustChangePassword: m.mustChangePassword,
    phoneBound: m.phone !== null,
    idleLogoutMinutes: m.idleLogoutMinutes,
    bankCards: payout.bankCards,
    usdtAddresses: payout.addresses,
    createdAt: m.createdAt.getTime(),
    lastLoginAt: m.lastLoginAt?.getTime() ?? null,
  };
  profiles.set(key, profile, memberTag(memberId));
  return profile;
}

/** The profile with the requesting site's currency: the same object while the profile is cached. */
const profileIn = derivedOnce((profile: Profile, currency: string): Profile => ({ ...profile, currency }));

export function memberRoutes(app: FastifyInstance, { db }: Deps): void {
  defineRoute(
    app,
    {
      url: '/api/member/info',
      summary: "The logged-in member's profile",
      auth: 'member',
      rateLimit: 'read',
      reusesAnswer: true,
    },
    (req) => andThen(profileOf(db, req.member.memberId), (profile) => profileIn(profile, req.site.currency)),
  );

  defineRoute(
    app,
    {
      url: '/api/member/nickname',
      summary: 'Change the nickname (2-12 characters, no markup)',
      auth: 'member',
      rateLimit: 'read',
    },
    async (req) => ({ nickname: await setNickname(db, req.member.memberId, req.body.nickname) }),
  );

  defineRoute(app, { url: '/api/member/avatar/list', summary: 'The avatars a member may pick', rateLimit: 'read' }, async () => ({ list: avatarList() }));

  defineRoute(app, { url: '/api/member/avatar', summary: 'Pick an avatar from the bundled set', auth: 'member', rateLimit: 'read' }, async (req) => {
    await setAvatar(db, req.member.memberId, req.body.avatarId);
    return { avatarId: req.body.avatarId, url: avatarUrl(req.body.avatarId) };
  });

  defineRoute(app, { url: '/api/member/address', summary: 'Set the postal address', auth: 'member', rateLimit: 'read' }, async (req) => ({
    address: await setAddress(db, req.member.memberId, req.body.address),
  }));

  defineRoute(app, { url: '/api/member/realName', summary: 'Bind the real name (once)', auth: 'member', rateLimit: 'read' }, async (req) => ({
    realName: await bindRealName(db, req.member.memberId, req.body.realName),
  }));

  defineRoute(
    app,
    {
      url: '/api/member/birthday',
      summary: 'Set the birthday (once; at least 18 years ago)',
      auth: 'member',
      rateLimit: 'read',
    },
    async (req) => ({ birthday: await setBirthday(db, req.member.memberId, req.body.birthday) }),
  );
}
