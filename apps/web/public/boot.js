// Asks for the site's code and runs it once the page's first picture, which the server put in the
// splash (home's banner, the sign-in screens' logo), is on screen; the server serves this instead
// of the entry's own script only on such a page, with the code's preloads held in
// <template id="bp-code">. So a slow phone spends its connection on the picture and the page's
// styles first, and shows the picture instead of a blank screen until the code has run (issue 13).
// The browser says when the picture's paint is on screen (its largest-contentful-paint entry);
// failing that, a quarter second after it is decoded; in any case a second and a half at most.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    import(entry);
    // The preloads a few at a time, a task each: the thirty at once held a slow phone's main
    // thread for 60 ms.
    var code = document.getElementById('bp-code');
    var links = code ? Array.prototype.slice.call(code.content.children) : [];
    (function more() {
      links.splice(0, 4).forEach(function (link) {
        document.head.appendChild(link);
      });
      if (links.length) setTimeout(more, 0);
    })();
  }
  setTimeout(start, 1500);
  var picture = document.querySelector('img[data-first-picture]');
  // A hidden page paints nothing, and a splash without a picture has nothing worth the wait.
  if (!picture || document.visibilityState === 'hidden') return start();
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntries().some((e) => e.element === picture)) return;
      observer.disconnect();
      start();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // No paint timing here: the decoded picture below.
  }
  picture.decode().then(
    () => setTimeout(start, 250),
    () => start(),
  );
})();
