import type { ApiBody } from '@bp/contract';

/** Seed 3, transfer: `api_name` names the venue, `transfer_out: true` moves venue to main. */
export type TransferDirection = 'in' | 'out';

export type TransferRequest = ApiBody<'/api/wallet/transfer'>;

export const transferRequest = (apiName: string, amount: number, direction: TransferDirection): TransferRequest => ({
  api_name: apiName,
  amount,
  transfer_out: direction === 'out',
});

/** What can move: into a venue, the main wallet's balance; out of it, the venue's. */
export const transferable = (direction: TransferDirection, main: number, venue: number): number => (direction === 'in' ? main : venue);

/** Money goes into a venue only while it is offered (a product plays there); it always comes out. */
export const transferDirections = (offered: boolean): TransferDirection[] => (offered ? ['in', 'out'] : ['out']);

/** Seed 4: a venue takes transfers only while its status is 0. */
export const venueOpen = (status: number): boolean => status === 0;
