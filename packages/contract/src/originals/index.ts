export * from './fair.ts';
export * from './tables.ts';
export * from './outcome.ts';
export * from './schemas.ts';
