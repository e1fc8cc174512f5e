/**
 * A retention window in whole days from the environment, refused below its floor at start, so a
 * typo cannot make a housekeeping job delete what must still be there.
 */
export function retentionWindow(setting: string, configured: number, floorDays: number): number {
  if (!Number.isInteger(configured) || configured < floorDays) {
    throw new Error(`${setting} must be a whole number of days, at least ${floorDays} (got ${configured})`);
  }
  return configured;
}

/** How often the hourly housekeeping jobs run. */
export const HOUSEKEEPING_MS = 3_600_000;
