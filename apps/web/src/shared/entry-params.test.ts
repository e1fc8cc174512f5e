// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { entryParams, keepEntryParams, readEntryParams } from './entry-params.ts';

beforeEach(() => localStorage.clear());

describe('entry parameters', () => {
  it('[S2-12] reads i_code, r_code, from and metaData and nothing else', () => {
    expect(readEntryParams('?i_code=AG8888&r_code=R1&from=qr&metaData=%7B%22a%22%3A1%7D&theme=glow&x=1')).toEqual({
      i_code: 'AG8888',
      r_code: 'R1',
      from: 'qr',
      metaData: '{"a":1}',
    });
    expect(readEntryParams('?i_code=&r_code=%20')).toEqual({});
    expect(readEntryParams(`?i_code=${'x'.repeat(300)}`)).toEqual({});
  });

  it('[S2-12] keeps them for later, so an invite code reaches registration', () => {
    keepEntryParams('?i_code=AG8888&from=banner');
    keepEntryParams('?r_code=R2');
    expect(entryParams()).toEqual({ i_code: 'AG8888', from: 'banner', r_code: 'R2' });
    keepEntryParams('?i_code=NEW1');
    expect(entryParams().i_code).toBe('NEW1');
  });
});
