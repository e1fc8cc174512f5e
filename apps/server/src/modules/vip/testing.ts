/** Test helpers of the vip module (tests only): valid turnover written as the casino's rounds write it. */
export { recordRound } from './turnover.ts';
