// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { SEARCH_DEBOUNCE_MS } from '../model/board.ts';
import { useDebounced } from './use-ticker.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.useRealTimers());

/** Renders the hook in a real React root and keeps what it answered last. */
function Probe({ term, seen }: { term: string; seen: { value: string } }) {
  seen.value = useDebounced(term, SEARCH_DEBOUNCE_MS);
  return null;
}

describe('the search box', () => {
  it('[S9-01] follows the typing only once it paused for 300 ms', () => {
    vi.useFakeTimers();
    const seen = { value: '' };
    const root = createRoot(document.createElement('div'));
    const type = (term: string) => act(() => root.render(createElement(Probe, { term, seen })));
    type('');
    type('曼');
    act(() => void vi.advanceTimersByTime(299));
    type('曼城');
    act(() => void vi.advanceTimersByTime(299));
    expect(seen.value).toBe('');
    act(() => void vi.advanceTimersByTime(1));
    expect(seen.value).toBe('曼城');
    act(() => root.unmount());
  });
});
