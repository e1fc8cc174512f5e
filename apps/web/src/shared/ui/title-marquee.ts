/**
 * The page title scrolls like a marquee when it is long (seed 2): at least 28 characters on Safari
 * (its tab shows more), at least 15 on the others; one step every 300 ms, only while the tab is
 * visible.
 */
export const TITLE_MARQUEE = { stepMs: 300, minLengthSafari: 28, minLengthOthers: 15 } as const;

export const isSafari = (userAgent: string): boolean => /Safari\//.test(userAgent) && !/(Chrome|Chromium|CriOS|Edg|OPR|Android)\//.test(userAgent);

export function marqueeMinLength(userAgent: string): number {
  return isSafari(userAgent) ? TITLE_MARQUEE.minLengthSafari : TITLE_MARQUEE.minLengthOthers;
}

export const shouldScroll = (title: string, userAgent: string): boolean => [...title].length >= marqueeMinLength(userAgent);

/** One step: the first character moves to the end (by code point, so no character is split). */
export function nextFrame(title: string): string {
  const chars = [...title];
  return chars.length < 2 ? title : chars.slice(1).join('') + chars[0];
}

/**
 * The text that loops: spaces kept as no-break spaces (a browser trims a title's leading spaces,
 * which would make the marquee jump) and a wide gap between the end and the start.
 */
export const loopText = (title: string): string => `${title.replace(/ /g, '\u00a0')}\u3000`;

/** Drives `document.title`; `set` gives the page's full title. Returns the controller. */
export function startTitleMarquee(doc: Document, userAgent: string) {
  let base = doc.title;
  let frame = loopText(base);
  const timer = setInterval(() => {
    if (doc.visibilityState !== 'visible' || !shouldScroll(base, userAgent)) return;
    frame = nextFrame(frame);
    doc.title = frame;
  }, TITLE_MARQUEE.stepMs);
  return {
    set(title: string) {
      base = title;
      frame = loopText(title);
      doc.title = title;
    },
    stop() {
      clearInterval(timer);
      doc.title = base;
    },
  };
}
