import { afterAll } from 'vitest';
import { clock } from '../platform/clock.ts';

/**
 * Before and after every file of the server's project (vitest.config.ts `setupFiles`): the
 * server's clock is the real one again. Files share their worker's modules, and a file that moves
 * the clock for its own tests must not hand a moved clock to the next: a journey's game provider, a
 * process of its own on the real time, refuses a server whose clock was left a day ahead.
 */
clock.reset();
afterAll(() => clock.reset());
