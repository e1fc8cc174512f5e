import type { FastifyRequest } from 'fastify';
import { walletOwner, type WalletOwner } from './accounts.ts';

/** The wallet owner of a member route's request. */
export const ownerOfRequest = (req: FastifyRequest): WalletOwner => walletOwner(req.site, req.member!.memberId);
