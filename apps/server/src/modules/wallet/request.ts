import type { MemberRequest } from '../../platform/http/index.ts';
import { walletOwner, type WalletOwner } from './accounts.ts';

/** The wallet owner of a member route's request. */
export const ownerOfRequest = (req: MemberRequest): WalletOwner => walletOwner(req.site, req.member.memberId);
