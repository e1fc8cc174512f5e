import { describe, expect, it } from 'vitest';
import { DEFAULT_EGAME_CODE, egameCode, egamePath, resolveEgameLink } from './egame-code.ts';

describe('the egame page code from a venue key', () => {
  it('[S2-11] maps the default venue to the fixed default code', () => {
    expect(egameCode('default')).toBe(DEFAULT_EGAME_CODE);
    expect(egameCode('')).toBe(DEFAULT_EGAME_CODE);
    expect(egameCode(undefined)).toBe(DEFAULT_EGAME_CODE);
    expect(resolveEgameLink('/app/egame')).toBe(`/app/egame/${DEFAULT_EGAME_CODE}`);
  });

  it('[S2-11] maps a key starting with yb to by', () => {
    expect(egameCode('ybdz')).toBe('by');
    expect(egameCode('YBGame')).toBe('by');
    expect(egamePath('yb')).toBe('/app/egame/by');
  });

  it('[S2-11] uses the first two letters of any other key, lower-cased', () => {
    expect(egameCode('PGDZ')).toBe('pg');
    expect(egameCode('KYQP')).toBe('ky');
    expect(egameCode('cq9')).toBe('cq');
    expect(resolveEgameLink('/app/egame/JDBDZ?from=home')).toBe('/app/egame/jd?from=home');
  });

  it('leaves other links alone and is stable on its own output', () => {
    expect(resolveEgameLink('/app/home')).toBe('/app/home');
    expect(resolveEgameLink('/app/egamesx')).toBe('/app/egamesx');
    expect(resolveEgameLink(resolveEgameLink('/app/egame/PGDZ'))).toBe('/app/egame/pg');
  });
});
